// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../../index.js';
import type { RefOf } from '../../define.js';

export const ref: RefOf<Api['rewards']['rewardClaim']> = {"name":"rewards.rewardClaim","method":"POST","path":"/api/rewards/claim","kind":"json","access":{"who":"member"},"idempotent":false};
