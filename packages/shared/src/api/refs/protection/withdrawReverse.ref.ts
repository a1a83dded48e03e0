// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['protection']['withdrawReverse']> = {"name":"protection.withdrawReverse","method":"POST","path":"/api/user/withdrawReverse","kind":"json","access":{"who":"member"},"idempotent":false};
