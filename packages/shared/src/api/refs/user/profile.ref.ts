// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['user']['profile']> = {"name":"user.profile","method":"POST","path":"/api/user/profile","kind":"json","access":{"who":"player"},"idempotent":false};
