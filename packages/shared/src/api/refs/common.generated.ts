// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['common'];

export const upload: RefOf<Group['upload']> = {"name":"common.upload","method":"POST","path":"/api/common/upload","kind":"upload","access":{"who":"member"},"idempotent":false};
export const uploadRechargeScreenshot: RefOf<Group['uploadRechargeScreenshot']> = {"name":"common.uploadRechargeScreenshot","method":"POST","path":"/api/user/uploadRechargeScreenshot","kind":"upload","access":{"who":"member"},"idempotent":false};
export const file: RefOf<Group['file']> = {"name":"common.file","method":"GET","path":"/api/common/file/:name","kind":"file","access":{"who":"player"},"idempotent":false};
