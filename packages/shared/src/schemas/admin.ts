import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_RE } from './account.js';
import { moneyText, unixTime } from './envelope.js';
import { intField, optionalInt, optionalText, requiredText } from './fields.js';

/** Operator roles (DESIGN §7): admin may do everything, finance reviews money, support reviews identities. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A one-time password as typed (6 digits; a little slack for spaces). */
const otp = (required: string) => requiredText(required, { max: 12, invalid: 'err.otp_wrong' });

export const operatorLoginSchema = z.object({
  username: requiredText('err.username_required', { max: USERNAME_MAX, invalid: 'err.login_failed' }),
  password: requiredText('err.password_required', { max: PASSWORD_MAX, invalid: 'err.login_failed' }),
  otp: optionalText({ max: 12, invalid: 'err.otp_wrong' }),
});

export const otpSchema = z.object({ otp: otp('err.otp_required') });

/** totpEnable: the secret from totpSetup (base32, checked by the server) and a current code. */
export const totpEnableSchema = z.object({
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

/** Review requests live in bigserial tables: any safe integer is a possible id. */
const reviewId = intField({ min: 1, max: Number.MAX_SAFE_INTEGER, invalid: 'err.not_found' });
export const REASON_MAX = 200;

/** Operator review calls. */
export const reviewIdSchema = z.object({ id: reviewId });

export const rejectSchema = reviewIdSchema.extend({
  reason: optionalText({ max: REASON_MAX, invalid: 'err.reason_invalid' }),
});

export const rejectWithReasonSchema = reviewIdSchema.extend({
  reason: requiredText('err.reason_required', { max: REASON_MAX, invalid: 'err.reason_invalid' }),
});

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
  disabled: z.boolean(),
  created_at: unixTime,
});
export const operatorLoginData = z.object({ token: z.string(), operator: operatorData });
export const totpSetupData = z.object({ secret: z.string(), otpauth_url: z.string() });
export const auditRowData = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: unixTime,
});
/** A decision on a review request: its id and new status. */
export const reviewDecisionData = z.object({ id: z.number().int(), status: z.number().int() });

/** The deposit queue (admin/depositList). */
export const depositQueueData = z.array(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    amount: moneyText,
    channel: z.string(),
    status: z.number().int(),
    reason: z.string(),
    screenshot: z.string(),
    createtime: unixTime,
    reviewtime: unixTime.nullable(),
  }),
);

/** The withdrawal queue (admin/withdrawList), with the payout account in full: the operator pays to it. */
export const withdrawalQueueData = z.array(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    real_name: z.string(),
    idcard: z.string(),
    amount: moneyText,
    type: z.number().int(),
    account: z.object({ type: z.number().int(), acc: z.string(), acc_name: z.string(), acc_bank: z.string(), mark: z.string() }),
    status: z.number().int(),
    reason: z.string(),
    createtime: unixTime,
    reviewtime: unixTime.nullable(),
  }),
);

/** The real-name queue (admin/realNameList). */
export const realNameQueueData = z.array(
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    truename: z.string(),
    idcard: z.string(),
    profile_idcard: z.string(),
    idcard_zheng: z.string(),
    idcard_fan: z.string(),
    status: z.number().int(),
    reason: z.string(),
    createtime: unixTime,
  }),
);

/** admin/reconcile: every discrepancy between balances, ledger and requests (DESIGN §4). */
export const reconcileData = z.object({
  ok: z.boolean(),
  problems: z.array(z.object({ userId: z.number().int(), problem: z.string(), detail: z.record(z.string(), z.union([z.number(), z.string()])) })),
});
