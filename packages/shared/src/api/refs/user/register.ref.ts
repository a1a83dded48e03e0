// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['user']['register']> = {"name":"user.register","method":"POST","path":"/api/user/register","kind":"json","access":{"who":"public"},"idempotent":false};
