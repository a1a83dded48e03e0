import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_RE } from './account.js';
import { optionalText, requiredText } from './fields.js';
import { optionalBounded, optionalDate, pageFields } from './adminCommon.js';

/** Operator roles; each operator call names the roles it accepts (`admin` is accepted everywhere). */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Roles that must use a TOTP second factor; enrolment is forced at their first sign-in (issue 9 item 8). */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ['admin', 'finance'];

/** Longest text the operator forms send for names and passwords (longer is refused before hashing). */
const NAME_MAX = 64;
const OTP_RE = /^\d{6}$/;
const BASE32_SECRET_RE = /^[A-Z2-7]{32}$/;

const otp = () => requiredText('err.otp_required').pipe(z.string().regex(OTP_RE, 'err.otp_wrong'));

export const operatorLoginSchema = z.object({
  username: requiredText('err.username_required').pipe(z.string().max(NAME_MAX, 'err.login_failed')),
  password: requiredText('err.password_required').pipe(z.string().max(PASSWORD_MAX, 'err.login_failed')),
  otp: optionalText().pipe(z.string().max(16, 'err.otp_wrong').optional()),
});

export const operatorOtpSchema = z.object({ otp: otp() });

/** Enrolment: the secret from totpSetup, a current code from the authenticator, and the operator's password. */
export const totpEnableSchema = z.object({
  password: requiredText('err.password_required').pipe(z.string().max(PASSWORD_MAX, 'err.old_password_wrong')),
  secret: requiredText('err.bad_request').pipe(
    z.string().transform((v) => v.replace(/[\s=-]/g, '').toUpperCase()).pipe(z.string().regex(BASE32_SECRET_RE, 'err.bad_request')),
  ),
  otp: otp(),
});

export const operatorPasswordField = (required: string) =>
  requiredText(required).pipe(z.string().min(PASSWORD_MIN, 'err.password_invalid').max(PASSWORD_MAX, 'err.password_invalid'));

export const operatorCreateSchema = z.object({
  username: requiredText('err.username_required').pipe(z.string().regex(USERNAME_RE, 'err.username_invalid')),
  password: operatorPasswordField('err.password_required'),
  role: requiredText('err.role_invalid').pipe(z.enum(OPERATOR_ROLES, { error: 'err.role_invalid' })),
});

export const operatorIdSchema = z.object({
  id: z.coerce.number({ error: 'err.not_found' }).int('err.not_found').min(1, 'err.not_found').max(2_147_483_647, 'err.not_found'),
});

export const operatorDisableSchema = operatorIdSchema.extend({
  disabled: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
});

/** Audit trail filters (admin): who, what, on what, when. */
export const auditListSchema = z.object({
  operator: optionalBounded(64),
  action: optionalBounded(64),
  target_type: optionalBounded(32),
  target_id: optionalBounded(64),
  begin_date: optionalDate(),
  end_date: optionalDate(),
  ...pageFields,
});
