import { z } from 'zod';
import { requiredText } from './fields.js';

/** A hand-off code is 43 base64url characters (256 bits); anything missing or malformed is simply "invalid". */
export const SUPPORT_CODE_RE = /^[\w-]{43}$/;

export const supportRedeemSchema = z.object({
  code: requiredText('err.support_code_invalid', { max: 43, invalid: 'err.support_code_invalid' }).pipe(
    z.string().regex(SUPPORT_CODE_RE, 'err.support_code_invalid'),
  ),
});

// --- answers ---

export const supportConfigData = z.object({ enabled: z.boolean(), url: z.string().nullable() });
export const supportHandoffData = z.object({ url: z.string() });
/** The player a code was made for (to the chat system, once). */
export const supportIdentityData = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  group_id: z.number().int(),
});
