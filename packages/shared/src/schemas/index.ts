export * from './account.js';
export * from './fields.js';
export * from './validate.js';
