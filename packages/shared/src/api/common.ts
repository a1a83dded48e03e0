import { uploadData, uploadFormSchema, uploadNameParams } from '../schemas/wallet.js';
import { fileBytes } from '../schemas/fields.js';
import { memberAccess, playerAccess } from '../access.js';
import { defineCall } from './define.js';

/** Private uploads: a player's pictures (deposit screenshots, ID cards) and reading one back. Server: apps/server/src/routes/common/. */
export const common = {
  upload: defineCall({
    method: 'POST',
    path: '/api/common/upload',
    kind: 'upload',
    access: memberAccess,
    summary: 'Stores a private picture (`type` recharge_screenshot or idcard; JPEG, PNG, GIF or WebP up to 5 MB) and answers its private address.',
    input: uploadFormSchema,
    answer: uploadData,
  }),
  uploadRechargeScreenshot: defineCall({
    method: 'POST',
    path: '/api/user/uploadRechargeScreenshot',
    kind: 'upload',
    access: memberAccess,
    summary: "Stores a deposit's screenshot (as common/upload with type recharge_screenshot) and answers its private address.",
    input: uploadFormSchema,
    answer: uploadData,
  }),
  file: defineCall({
    method: 'GET',
    path: '/api/common/file/:name',
    kind: 'file',
    access: playerAccess,
    summary:
      "A private upload's bytes, to its owner, or to an operator whose role covers the kind of file (every such view audited); anyone else 401, someone else's file 404.",
    input: uploadNameParams,
    answer: fileBytes,
  }),
};
