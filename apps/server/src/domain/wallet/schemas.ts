import { z } from 'zod';
import { ID_NUMBER_RE, optionalText, readAmount, requiredText } from '@lucky28/shared';

export const TRUENAME_MAX = 40;

/**
 * An amount in u as typed ("100", "100.5", 100.5) to positive integer cents by the shared rule
 * `readAmount` (packages/shared/src/wallet.ts). Empty → `required`, malformed or zero →
 * err.amount_invalid, above MAX_REQUEST_CENTS → err.amount_too_large.
 */
export const amountField = (required: string) =>
  requiredText(required).transform((v, ctx) => {
    const read = readAmount(v);
    if ('cents' in read) return read.cents;
    ctx.addIssue({ code: 'custom', message: read.problem });
    return z.NEVER;
  });

export const depositRequestSchema = z.object({
  money: amountField('err.amount_required'),
  channel: requiredText('err.deposit_channel_invalid').pipe(
    z.string().transform((v) => v.toLowerCase()).pipe(z.enum(['usdt', 'bank'], { error: 'err.deposit_channel_invalid' })),
  ),
  screenshot: requiredText('err.screenshot_required'),
});

export const ledgerListSchema = z.object({
  type: optionalText().pipe(
    z
      .string()
      .regex(/^[0-4]$/, 'err.ledger_type_invalid')
      .transform(Number)
      .optional(),
  ),
  page: optionalText().pipe(z.string().regex(/^\d{1,6}$/, 'err.bad_request').transform(Number).optional()),
  limit: optionalText().pipe(z.string().regex(/^\d{1,4}$/, 'err.bad_request').transform(Number).optional()),
});

/** Real-name submit: the spec §5 order, each with its own message. */
export const shimingSchema = z.object({
  truename: requiredText('err.realname_name_required').pipe(z.string().max(TRUENAME_MAX, 'err.realname_name_invalid')),
  idcard: requiredText('err.idcard_required').pipe(z.string().regex(ID_NUMBER_RE, 'err.idcard_invalid')),
  idcard_zheng: requiredText('err.realname_front_required'),
  idcard_fan: requiredText('err.realname_back_required'),
});

/** Operator review calls. */
export const reviewIdSchema = z.object({
  id: z.coerce.number({ error: 'err.not_found' }).int('err.not_found').positive('err.not_found'),
});

export const rejectSchema = reviewIdSchema.extend({
  reason: optionalText().pipe(z.string().max(200, 'err.reason_invalid').optional()),
});

export const rejectWithReasonSchema = reviewIdSchema.extend({
  reason: requiredText('err.reason_required').pipe(z.string().max(200, 'err.reason_invalid')),
});

export const reviewListSchema = z.object({
  status: optionalText().pipe(z.string().regex(/^[0-2]$/, 'err.bad_request').transform(Number).optional()),
});
