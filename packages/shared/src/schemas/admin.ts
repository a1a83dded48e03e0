import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_RE, payAccountData } from './account.js';
import { parseExactMoney } from '../money.js';
import { moneyText, unixTime } from './envelope.js';
import { idField, intField, optionalDate, optionalInt, optionalText, requiredFlag, requiredText } from './fields.js';
import { OPERATOR_ROLES, type OperatorRole } from '../access.js';

export { OPERATOR_ROLES, type OperatorRole };

/**
 * Roles that must use a TOTP second factor; enrolment is forced at their first sign-in (every
 * operator: support, too, can reset a player's password and see ID pictures).
 */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ['admin', 'finance', 'support', 'moderator'];

/** The console's lists: page from 1, at most 200 rows a page (out of range is refused). */
export const adminPaging = {
  page: optionalInt({ min: 1, max: 100_000, invalid: 'err.bad_request' }),
  limit: optionalInt({ min: 1, max: 200, invalid: 'err.bad_request' }),
};

/** A one-time password as typed (6 digits; a little slack for spaces). */
const otp = (required: string) => requiredText(required, { max: 12, invalid: 'err.otp_wrong' });

export const operatorLoginSchema = z.object({
  username: requiredText('err.username_required', { max: USERNAME_MAX, invalid: 'err.login_failed' }),
  password: requiredText('err.password_required', { max: PASSWORD_MAX, invalid: 'err.login_failed' }),
  otp: optionalText({ max: 12, invalid: 'err.otp_wrong' }),
});

export const otpSchema = z.object({ otp: otp('err.otp_required') });

/**
 * totpEnable: the secret from totpSetup (base32, checked by the server), a current code and the
 * operator's password (a stolen session alone cannot bind an attacker's authenticator).
 */
export const totpEnableSchema = z.object({
  password: requiredText('err.password_required', { max: PASSWORD_MAX, invalid: 'err.old_password_wrong' }),
  secret: requiredText('err.bad_request', { max: 64, invalid: 'err.bad_request' }),
  otp: otp('err.otp_required'),
});

export const operatorCreateSchema = z.object({
  username: requiredText('err.username_required', { max: USERNAME_MAX, invalid: 'err.username_invalid' }).pipe(
    z.string().regex(USERNAME_RE, 'err.username_invalid'),
  ),
  password: requiredText('err.password_required', { max: PASSWORD_MAX, invalid: 'err.password_invalid' }).pipe(
    z.string().min(PASSWORD_MIN, 'err.password_invalid'),
  ),
  role: requiredText('err.role_invalid', { max: 20, invalid: 'err.role_invalid' }).pipe(z.enum(OPERATOR_ROLES, { error: 'err.role_invalid' })),
});

export const operatorIdSchema = z.object({ id: idField('err.not_found') });

/** Disable (true) or re-enable (false) another operator. */
export const operatorDisableSchema = operatorIdSchema.extend({ disabled: requiredFlag('err.bad_request') });

/** Audit trail filters (admin): who, what (action prefix), on what, when; then the page. */
export const auditListSchema = z.object({
  operator: optionalText({ max: USERNAME_MAX, invalid: 'err.bad_request' }),
  action: optionalText({ max: 64, invalid: 'err.bad_request' }),
  target_type: optionalText({ max: 32, invalid: 'err.bad_request' }),
  target_id: optionalText({ max: 64, invalid: 'err.bad_request' }),
  begin_date: optionalDate('err.date_invalid'),
  end_date: optionalDate('err.date_invalid'),
  ...adminPaging,
});

/** Review requests live in bigserial tables: any safe integer is a possible id. */
const reviewId = intField({ min: 1, max: Number.MAX_SAFE_INTEGER, invalid: 'err.not_found' });
export const REASON_MAX = 200;

/** Operator review calls. */
export const reviewIdSchema = z.object({ id: reviewId });

export const rejectSchema = reviewIdSchema.extend({
  reason: optionalText({ max: REASON_MAX, invalid: 'err.reason_invalid' }),
});

/** Why an operator acted on a player (freeze, gift, resets) or refused a real name: required, may span lines. */
export const reasonField = () => requiredText('err.reason_required', { max: REASON_MAX, invalid: 'err.reason_invalid', multiline: true });

export const rejectWithReasonSchema = reviewIdSchema.extend({ reason: reasonField() });

/** A review queue by status: 0 pending, 1 approved, 2 rejected. */
export const reviewListSchema = z.object({
  status: optionalInt({ max: 2, invalid: 'err.bad_request' }),
});

// --- answers ---

/** An operator as the console may see one: never the password hash or the TOTP secret. */
export const operatorData = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  totp_enabled: z.boolean(),
  /** The role must enrol a second factor before anything but enrolment (TOTP_REQUIRED_ROLES). */
  totp_required: z.boolean(),
  disabled: z.boolean(),
  created_at: unixTime,
});
export const operatorListData = z.array(operatorData);
/** admin/me: the signed-in operator and the operator's time zone, in which the console shows every date. */
export const meData = operatorData.extend({ time_zone: z.string() });
export const operatorLoginData = z.object({ token: z.string(), operator: meData });
/** logoutAll: how many sessions ended. */
export const logoutAllData = z.object({ sessions: z.number().int() });
export const totpSetupData = z.object({ secret: z.string(), otpauth_url: z.string() });
export const auditRowData = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** Changes carry `before` and `after`. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  created_at: unixTime,
});
/** A page of a list and the number of rows in all pages. */
export const pageData = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), list: z.array(row) });
export const auditListData = pageData(auditRowData);
/** Pending items per queue; null for a queue the caller's role cannot open. */
export const queueCountsData = z.object({
  deposits: z.number().int().nullable(),
  withdrawals: z.number().int().nullable(),
  real_names: z.number().int().nullable(),
});
/** A decision on a review request: its id and new status. */
export const reviewDecisionData = z.object({ id: z.number().int(), status: z.number().int() });

/**
 * A review queue's rows: each opens with the request and its player and closes with its status, the
 * review reason and when it came (the console's leading and trailing columns); `fields` go between.
 */
const queueData = <T extends z.ZodRawShape>(fields: T) =>
  z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int(),
      username: z.string(),
      ...fields,
      status: z.number().int(),
      reason: z.string(),
      createtime: unixTime,
    }),
  );

/** The deposit queue (admin/depositList). */
export const depositQueueData = queueData({ amount: moneyText, channel: z.string(), screenshot: z.string(), reviewtime: unixTime.nullable() });

/** The withdrawal queue (admin/withdrawList), with the payout account in full: the operator pays to it. */
export const withdrawalQueueData = queueData({
  real_name: z.string(),
  idcard: z.string(),
  amount: moneyText,
  type: z.number().int(),
  account: payAccountData,
  reviewtime: unixTime.nullable(),
  /** When the player replaced this payout account, if less than 24 h before the request (or since, while open); else null. */
  account_changed_at: unixTime.nullable(),
  /**
   * A bank card whose holder (as the request recorded it) is not known to be the player: `unverified`
   * (no verified real name yet), `differs` (the verified name is another); null: it is, or a wallet.
   */
  holder_check: z.enum(['unverified', 'differs']).nullable(),
});

/** What a finance operator weighs before paying a withdrawal out (admin/withdrawRisk). */
export const withdrawalRiskData = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The player's approved deposits, all time: what came in. */
  deposits: moneyText,
  deposit_count: z.number().int(),
  /** The money at risk of the player's settled bets, all time (a hedged round counts nothing): what was played. */
  turnover: moneyText,
  /** A first-deposit bonus granted and neither released nor forfeited, with the wagering it still needs; null: none. */
  bonus: z.object({ amount: moneyText, required: moneyText, staked: moneyText, left: moneyText }).nullable(),
  /** Since when the payout account the request pays to has been the player's (bound, or last replaced); null: no longer bound. */
  account_since: unixTime.nullable(),
  /** Other players who registered or signed in from one of this player's addresses or devices: how many, and the first of them (usernames masked). */
  shared: z.object({
    count: z.number().int(),
    players: z.array(z.object({ user_id: z.number().int(), username: z.string(), via: z.array(z.enum(['ip', 'device'])) })),
  }),
});

/** The real-name queue (admin/realNameList). */
export const realNameQueueData = queueData({
  truename: z.string(),
  idcard: z.string(),
  profile_idcard: z.string(),
  idcard_zheng: z.string(),
  idcard_fan: z.string(),
});

/** The ledger invariants (docs/design.md#the-invariants) as admin/reconcile names them, in the order it answers them. */
export const INVARIANT_NAMES = [
  'I1_balance_equals_ledger',
  'I2_no_negative_balance',
  'I3_bet_debited_once_settled_once',
  'I4_retry_applied_once',
  'I5_no_bet_after_close',
  'I6_payout_from_stored_odds',
  'I7_result_from_committed_seed',
  'running_balance',
  'wallet_requests',
  'reward_claims_paid_once',
  'commission_from_orders',
  'import_opening_balances',
  'balance_adjustments',
  'red_packets',
] as const;
export type InvariantName = (typeof INVARIANT_NAMES)[number];

/** One break: the player concerned (null for a round), its kind and what was found. */
const discrepancy = z.object({ userId: z.number().int().nullable(), problem: z.string(), detail: z.record(z.string(), z.union([z.number(), z.string()])) });

/**
 * admin/reconcile: every invariant by name with its problem count and first problems, and those
 * problems as one list (docs/design.md#money-and-the-ledger).
 */
export const reconcileData = z.object({
  ok: z.boolean(),
  invariants: z.array(z.object({ name: z.enum(INVARIANT_NAMES), count: z.number().int(), examples: z.array(discrepancy) })),
  problems: z.array(discrepancy),
});

export interface DecimalOptions {
  /** Smallest accepted value in hundredths; default 1 (zero refused). */
  min?: number;
  /** Largest accepted value in hundredths. */
  max: number;
  /** Message for anything that is not a decimal with at most two places in [min, max]. */
  invalid: string;
  /** Message when missing or blank; default `invalid`. */
  required?: string;
  /** Message for a well-formed value above `max`; default `invalid`. */
  tooLarge?: string;
}

const DECIMAL_TEXT_MAX = 16;

/**
 * An operator's decimal as sent, untrimmed (`parseExactMoney`): a string of digits with at most two
 * places, or a number. Never clamped, rounded or trimmed: anything else is refused with `invalid`.
 */
const operatorDecimal = (required: string, opts: DecimalOptions) =>
  z
    .union([z.string().max(DECIMAL_TEXT_MAX, opts.invalid), z.number()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? required : opts.invalid),
    })
    .meta({ maxLength: DECIMAL_TEXT_MAX });

function toHundredths(v: string | number, opts: DecimalOptions, ctx: z.RefinementCtx): number {
  const n = parseExactMoney(v);
  if (n !== null && n > opts.max) {
    ctx.addIssue({ code: 'custom', message: opts.tooLarge ?? opts.invalid });
    return z.NEVER;
  }
  if (n === null || n < (opts.min ?? 1)) {
    ctx.addIssue({ code: 'custom', message: opts.invalid });
    return z.NEVER;
  }
  return n;
}

/** A decimal with at most two places ("2.00", 10, "0.5") as integer hundredths (cents, odds ×100) in [min, max]. */
export const decimalHundredths = (opts: DecimalOptions) => {
  const required = opts.required ?? opts.invalid;
  return operatorDecimal(required, opts).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    return toHundredths(v, opts, ctx);
  });
};

/** The same, optional: missing, null and blank become null. */
export const optionalHundredths = (opts: DecimalOptions) =>
  z
    .union([operatorDecimal(opts.invalid, opts), z.null()], { error: opts.invalid })
    .optional()
    .transform((v, ctx) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : toHundredths(v, opts, ctx)));
