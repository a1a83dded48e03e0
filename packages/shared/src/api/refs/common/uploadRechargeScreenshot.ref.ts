// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['common']['uploadRechargeScreenshot']> = {"name":"common.uploadRechargeScreenshot","method":"POST","path":"/api/user/uploadRechargeScreenshot","kind":"upload","access":{"who":"member"},"idempotent":false};
