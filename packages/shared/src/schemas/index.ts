export * from './account.js';
export * from './fields.js';
export * from './validate.js';
export * from './adminAuth.js';
export * from './adminCommon.js';
export * from './adminQueues.js';
export * from './adminUsers.js';
export * from './adminGames.js';
