// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
export { ref as upload } from './upload.ref.js';
export { ref as uploadRechargeScreenshot } from './uploadRechargeScreenshot.ref.js';
export { ref as file } from './file.ref.js';
