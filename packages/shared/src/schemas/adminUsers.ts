import { z } from 'zod';
import { booleanField, idField, intField, optionalBounded, pageFields, reasonField } from './adminCommon.js';
import { requiredText } from './fields.js';
import { parseMoney } from '../money.js';

/** Largest gift one operator call may make: 1,000,000 u, in cents. */
export const MAX_GIFT_CENTS = 100_000_000;

export const userSearchSchema = z.object({ q: optionalBounded(64), ...pageFields });

export const userIdSchema = z.object({ id: idField() });

export const userPageSchema = z.object({ id: idField(), ...pageFields });

export const userLedgerSchema = z.object({
  id: idField(),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(0, 4, 'err.ledger_type_invalid').optional()),
  ...pageFields,
});

export const userRevealSchema = z.object({ id: idField(), type: intField(0, 1) });

export const userFreezeSchema = z.object({ id: idField(), frozen: booleanField(), reason: reasonField() });

/** A gift (ledger type 4): a positive amount in u, the balance it goes to, and why. */
export const userGiftSchema = z.object({
  id: idField(),
  amount: requiredText('err.amount_required').transform((v, ctx) => {
    const cents = v.length <= 16 ? parseMoney(v) : null;
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'err.amount_invalid' });
      return z.NEVER;
    }
    if (cents > MAX_GIFT_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'err.amount_too_large' });
      return z.NEVER;
    }
    return cents;
  }),
  wallet: z.enum(['money', 'score'], { error: 'err.bad_request' }).default('money'),
  reason: reasonField(),
});

export const userResetSchema = z.object({ id: idField(), reason: reasonField() });
