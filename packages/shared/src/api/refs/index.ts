// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export * as lottery from './lottery/index.js';
export * as fair from './fair/index.js';
export * as user from './user/index.js';
export * as wallet from './wallet/index.js';
export * as protection from './protection/index.js';
export * as content from './content/index.js';
export * as common from './common/index.js';
export * as settings from './settings/index.js';
export * as support from './support/index.js';
export * as admin from './admin/index.js';
export * as referral from './referral/index.js';
export * as rewards from './rewards/index.js';
export * as campaigns from './campaigns/index.js';
export * as packets from './packets/index.js';
export * as redPackets from './redPackets/index.js';
export * as chat from './chat/index.js';
export * as docs from './docs/index.js';
