// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as siteConfig } from './siteConfig.ref.js';
export { ref as siteConfigPost } from './siteConfigPost.ref.js';
