// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as index } from './index.ref.js';
export { ref as heart } from './heart.ref.js';
export { ref as stream } from './stream.ref.js';
export { ref as oddsList } from './oddsList.ref.js';
export { ref as playOrder } from './playOrder.ref.js';
export { ref as issueList } from './issueList.ref.js';
export { ref as cand } from './cand.ref.js';
export { ref as statistics } from './statistics.ref.js';
export { ref as streakAlerts } from './streakAlerts.ref.js';
export { ref as setStreakAlert } from './setStreakAlert.ref.js';
