// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['common']['file']> = {"name":"common.file","method":"GET","path":"/api/common/file/:name","kind":"file","access":{"who":"player"},"idempotent":false};
