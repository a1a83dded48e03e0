// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['protection']['orderTotals']> = {"name":"protection.orderTotals","method":"POST","path":"/api/user/orderTotals","kind":"json","access":{"who":"player"},"idempotent":false};
