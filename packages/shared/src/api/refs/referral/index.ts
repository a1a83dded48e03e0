// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as team } from './team.ref.js';
export { ref as settings } from './settings.ref.js';
export { ref as settingsUpdate } from './settingsUpdate.ref.js';
export { ref as tree } from './tree.ref.js';
export { ref as report } from './report.ref.js';
export { ref as held } from './held.ref.js';
export { ref as decide } from './decide.ref.js';
