// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as protectionInfo } from './protectionInfo.ref.js';
export { ref as setLimit } from './setLimit.ref.js';
export { ref as setRealityCheck } from './setRealityCheck.ref.js';
export { ref as takeBreak } from './takeBreak.ref.js';
export { ref as netPosition } from './netPosition.ref.js';
export { ref as orderTotals } from './orderTotals.ref.js';
export { ref as withdrawReverse } from './withdrawReverse.ref.js';
