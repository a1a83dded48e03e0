// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as campaignList } from './campaignList.ref.js';
export { ref as campaignSave } from './campaignSave.ref.js';
export { ref as campaignEnd } from './campaignEnd.ref.js';
export { ref as campaignStats } from './campaignStats.ref.js';
