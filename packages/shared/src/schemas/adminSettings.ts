import { z } from 'zod';
import { parseMoney } from '../money.js';
import { optionalBounded } from './adminCommon.js';

/** The operator-editable settings: deposit details, customer-service URL, minimum withdrawal, version label. */
export const settingsUpdateSchema = z.object({
  usdt: optionalBounded(100).transform((v) => v ?? ''),
  bankname: optionalBounded(100).transform((v) => v ?? ''),
  banknum: optionalBounded(40).transform((v) => v ?? ''),
  bankxm: optionalBounded(60).transform((v) => v ?? ''),
  support_url: optionalBounded(500, 'err.url_invalid').pipe(
    z
      .string()
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'https:' || u.protocol === 'http:';
        } catch {
          return false;
        }
      }, 'err.url_invalid')
      .optional(),
  ),
  min_withdraw: z.union([z.string().max(16), z.number()], { error: 'err.amount_invalid' }).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents === null || cents <= 0 || cents > 100_000_000) {
      ctx.addIssue({ code: 'custom', message: 'err.amount_invalid' });
      return z.NEVER;
    }
    return cents;
  }),
  version_label: optionalBounded(40).transform((v) => v ?? ''),
});
