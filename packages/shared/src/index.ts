export * from './messages/index.js';
export * from './money.js';
export * from './images.js';
export * from './schemas/index.js';
export const APP_VERSION = '21.04.02';
export * from './game/index.js';
