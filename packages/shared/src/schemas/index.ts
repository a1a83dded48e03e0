// First: in a browser, zod must not use eval (the pages' CSP forbids it).
import './csp.js';
export * from './account.js';
export * from './admin.js';
export * from './envelope.js';
export * from './fields.js';
export * from './lottery.js';
export * from './support.js';
export * from './content.js';
export * from './validate.js';
export * from './wallet.js';
export * from './adminUsers.js';
export * from './adminGames.js';
export * from './adminSettings.js';
export * from './answerTypes.js';
export * from './protection.js';
export * from './referral.js';
export * from './content.js';
export * from './rewards.js';
