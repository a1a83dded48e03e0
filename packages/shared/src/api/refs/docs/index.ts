// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as openApi } from './openApi.ref.js';
