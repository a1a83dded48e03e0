// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as rewardList } from './rewardList.ref.js';
export { ref as rewardProgress } from './rewardProgress.ref.js';
export { ref as rewardClaim } from './rewardClaim.ref.js';
export { ref as bonusForfeit } from './bonusForfeit.ref.js';
export { ref as promotionsOptOut } from './promotionsOptOut.ref.js';
