// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export * as lottery from './lottery.generated.js';
export * as fair from './fair.generated.js';
export * as user from './user.generated.js';
export * as wallet from './wallet.generated.js';
export * as protection from './protection.generated.js';
export * as content from './content.generated.js';
export * as common from './common.generated.js';
export * as settings from './settings.generated.js';
export * as support from './support.generated.js';
export * as admin from './admin.generated.js';
export * as docs from './docs.generated.js';
