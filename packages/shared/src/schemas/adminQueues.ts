import { z } from 'zod';
import { idField, optionalBounded, reasonField } from './adminCommon.js';

/** Console-side checks of a review decision, the same rules the server applies. */
export const reviewRejectSchema = z.object({ id: idField(), reason: optionalBounded(200, 'err.reason_invalid') });
export const reviewRejectWithReasonSchema = z.object({ id: idField(), reason: reasonField() });
