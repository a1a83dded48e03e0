import { z } from 'zod';
import { adminPaging, decimalHundredths, optionalHundredths, pageData, REASON_MAX } from './admin.js';
import { MAX_GIFT_CENTS } from './adminUsers.js';
import { moneyText, unixTime } from './envelope.js';
import { enumText, idField, optionalInt, optionalText, requiredText } from './fields.js';

/**
 * Why an operator corrects a balance (docs/design.md#balance-adjustments): a mistaken gift taken back
 * (naming the gift's ledger row), a deposit charged back, another correction.
 */
export const ADJUSTMENT_REASONS = ['gift_reversal', 'chargeback', 'correction', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** 0 awaiting a second operator, 1 approved (posted), 2 rejected. */
export const AdjustmentStatus = { pending: 0, approved: 1, rejected: 2 } as const;

/** Above this amount (cents) an adjustment needs a second operator unless the settings say otherwise: 1,000 u. */
export const DEFAULT_ADJUST_APPROVAL_ABOVE_CENTS = 100_000;

/** The public text, shown to the player in the fund details. */
export const ADJUSTMENT_PUBLIC_TEXT_MAX = 100;

const ledgerRowId = optionalInt({ min: 1, max: Number.MAX_SAFE_INTEGER, invalid: 'err.adjust_gift_invalid' });

/**
 * userAdjust: a debit or a credit of one balance of player `id`, its reason, the text the player reads
 * and a note for operators. A gift reversal names the gift's ledger row and is a debit of its wallet.
 */
export const userAdjustSchema = z
  .object({
    id: idField('err.not_found'),
    direction: enumText(['debit', 'credit'], 'err.adjust_direction_invalid'),
    amount: decimalHundredths({ max: MAX_GIFT_CENTS, invalid: 'err.amount_invalid', required: 'err.amount_required', tooLarge: 'err.amount_too_large' }),
    wallet: enumText(['money', 'score'], 'err.bad_request').optional().default('money'),
    reason_code: enumText(ADJUSTMENT_REASONS, 'err.adjust_reason_invalid'),
    public_text: requiredText('err.adjust_public_text_required', { max: ADJUSTMENT_PUBLIC_TEXT_MAX, invalid: 'err.adjust_public_text_invalid' }),
    note: optionalText({ max: REASON_MAX, invalid: 'err.reason_invalid', multiline: true }).transform((v) => v ?? ''),
    gift_ledger_id: ledgerRowId,
  })
  .superRefine((v, ctx) => {
    const reversal = v.reason_code === 'gift_reversal';
    if (reversal && v.gift_ledger_id === undefined) ctx.addIssue({ code: 'custom', message: 'err.adjust_gift_required', path: ['gift_ledger_id'] });
    if (!reversal && v.gift_ledger_id !== undefined) ctx.addIssue({ code: 'custom', message: 'err.adjust_gift_reason', path: ['gift_ledger_id'] });
    if (reversal && v.direction !== 'debit') ctx.addIssue({ code: 'custom', message: 'err.adjust_gift_debit_only', path: ['direction'] });
  });
export type UserAdjustInput = z.input<typeof userAdjustSchema>;

/** adjustmentList: newest first; `status` 0 is the queue awaiting a second operator; `user_id` one player's. */
export const adjustmentListSchema = z.object({
  status: optionalInt({ max: 2, invalid: 'err.bad_request' }),
  user_id: optionalInt({ min: 1, invalid: 'err.not_found' }),
  ...adminPaging,
});

/** The four-eyes threshold as the settings take it: blank → the default. 0: every adjustment needs a second operator. */
export const adjustApprovalAboveField = () =>
  optionalHundredths({ min: 0, max: MAX_GIFT_CENTS, invalid: 'err.amount_invalid', tooLarge: 'err.amount_too_large' });

// --- answers ---

const int = z.number().int();
const operatorRef = z.object({ id: int, username: z.string() });

export const adjustmentRowData = z.object({
  id: int,
  user_id: int,
  username: z.string(),
  wallet: z.string(),
  /** Signed: "-50.00" a debit, "50.00" a credit. */
  amount: moneyText,
  reason_code: z.enum(ADJUSTMENT_REASONS),
  public_text: z.string(),
  note: z.string(),
  gift_ledger_id: int.nullable(),
  status: int,
  /** The type-12 row: a pending debit's hold, an approved adjustment's posting; null for a credit not approved. */
  ledger_id: int.nullable(),
  requested_by: operatorRef,
  decided_by: operatorRef.nullable(),
  decision_note: z.string(),
  createtime: unixTime.nullable(),
  decidetime: unixTime.nullable(),
});
export const adjustmentListData = pageData(adjustmentRowData).extend({
  /** The four-eyes threshold now: an adjustment above it waits for a second operator. */
  approval_above: moneyText,
});
/** An adjustment made or decided: its id, status, its type-12 row and the player's balance (money + score) now. */
export const adjustmentDecisionData = z.object({ id: int, status: int, ledger_id: int.nullable(), balance: moneyText });
