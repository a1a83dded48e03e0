// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['wallet']['shiming']> = {"name":"wallet.shiming","method":"POST","path":"/api/user/shiming","kind":"json","access":{"who":"member"},"idempotent":false};
