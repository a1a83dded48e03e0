// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['admin']['roundList']> = {"name":"admin.roundList","method":"POST","path":"/api/admin/roundList","kind":"json","access":{"who":"operator","roles":["finance","support"]},"idempotent":false};
