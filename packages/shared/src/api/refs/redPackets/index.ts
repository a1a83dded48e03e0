// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as budget } from './budget.ref.js';
export { ref as budgetTopUp } from './budgetTopUp.ref.js';
export { ref as packetDrop } from './packetDrop.ref.js';
export { ref as packetList } from './packetList.ref.js';
export { ref as linkedPlayer } from './linkedPlayer.ref.js';
