// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as round } from './round.ref.js';
export { ref as chain } from './chain.ref.js';
export { ref as acceptedBets } from './acceptedBets.ref.js';
export { ref as redPacket } from './redPacket.ref.js';
