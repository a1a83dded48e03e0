// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as post } from './post.ref.js';
export { ref as list } from './list.ref.js';
export { ref as report } from './report.ref.js';
