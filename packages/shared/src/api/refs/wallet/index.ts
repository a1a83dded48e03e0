// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as quantityLogList } from './quantityLogList.ref.js';
export { ref as recharge } from './recharge.ref.js';
export { ref as depositRequest } from './depositRequest.ref.js';
export { ref as withdrawInfo } from './withdrawInfo.ref.js';
export { ref as withdrawAction } from './withdrawAction.ref.js';
export { ref as shiming } from './shiming.ref.js';
export { ref as shimingInfo } from './shimingInfo.ref.js';
