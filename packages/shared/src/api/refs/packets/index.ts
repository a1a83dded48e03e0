// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as roomPackets } from './roomPackets.ref.js';
export { ref as packetClaim } from './packetClaim.ref.js';
