// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as config } from './config.ref.js';
export { ref as handoff } from './handoff.ref.js';
export { ref as redeem } from './redeem.ref.js';
