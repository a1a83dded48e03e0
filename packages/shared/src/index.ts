export * from './money.js';
export * from './game/index.js';
