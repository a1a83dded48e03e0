// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['redPackets']['budget']> = {"name":"redPackets.budget","method":"POST","path":"/api/admin/promotionBudget","kind":"json","access":{"who":"operator","roles":["admin","finance"]},"idempotent":false};
