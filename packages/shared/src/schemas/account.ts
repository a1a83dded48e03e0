import { z } from 'zod';
import { moneyText } from './envelope.js';
import { ID_DOC_TYPES, ID_NUMBER_LONGEST, ID_NUMBER_MESSAGE, isIdDocType, isIdNumberOf, normaliseIdNumber } from '../idNumber.js';
import { flagField, intField, optionalInt, optionalText, requiredText } from './fields.js';

export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const SECURITY_CODE_RE = /^\d{6}$/;
/** The longest ID number of any document type (a passport's). */
export const ID_NUMBER_MAX = ID_NUMBER_LONGEST;
export const NICKNAME_MAX = 20;
export const AVATAR_MAX = 8;
export const CARD_HOLDER_MAX = 40;
export const BANK_NAME_MAX = 60;
export const PAY_MARK_MAX = 100;
export const WALLET_ADDRESS_MAX = 64;
export const CARD_NUMBER_RE = /^\d{12,19}$/;
export const WALLET_TYPES = ['trc20', 'erc20', 'omni'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** Address formats per network; a mismatch is refused with a clear message. */
export const WALLET_ADDRESS_RE: Record<WalletType, RegExp> = {
  trc20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  erc20: /^0x[0-9a-fA-F]{40}$/,
  omni: /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/,
};

/** Longest username accepted anywhere (USERNAME_RE allows 20; guest names are 16). */
export const USERNAME_MAX = 20;
/** Usernames on the previous product (up to 32 characters), with which imported players may sign in (docs/import.md). */
export const LEGACY_USERNAME_MAX = 32;
/** Generous bounds for a secret typed by a user: anything longer cannot be right. */
const SECRET_TYPED_MAX = 64;

const password = (required: string) =>
  requiredText(required, { max: PASSWORD_MAX, invalid: 'err.password_invalid' }).pipe(z.string().min(PASSWORD_MIN, 'err.password_invalid'));

/** A random id the app keeps on the device (its referral abuse check compares them, hashed); optional. */
export const DEVICE_ID_MAX = 64;
const deviceId = () => optionalText({ max: DEVICE_ID_MAX, invalid: 'err.bad_request' });

/**
 * A password typed again (`repassword`, `confirm_pass`). The spec's payloads leave it out, and a
 * request without it is judged on the password alone; sent, it must not be blank (an empty one
 * would skip the comparison) and must match.
 */
const retypedPassword = () => requiredText('err.confirm_required', { max: PASSWORD_MAX, invalid: 'err.password_inconsistent' }).optional();

/** The member whose share link brought the caller (registration, a guest's upgrade): a member's id. */
const inviterId = optionalInt({ min: 1, invalid: 'err.inviter_not_found' });

export const loginSchema = z.object({
  account: requiredText('err.username_required', { max: LEGACY_USERNAME_MAX, invalid: 'err.login_failed' }),
  password: requiredText('err.password_required', { max: PASSWORD_MAX, invalid: 'err.login_failed' }),
  remember: flagField(),
  device_id: deviceId(),
});

export const registerSchema = z
  .object({
    username: requiredText('err.username_required', { max: USERNAME_MAX, invalid: 'err.username_invalid' }).pipe(
      z.string().regex(USERNAME_RE, 'err.username_invalid'),
    ),
    password: password('err.password_required'),
    /** Optional on the wire (the spec's payload has none); the app always sends it. */
    repassword: retypedPassword(),
    inviter_id: inviterId,
    device_id: deviceId(),
  })
  .refine((v) => v.repassword === undefined || v.repassword === v.password, {
    message: 'err.password_inconsistent',
    path: ['repassword'],
  });

/**
 * user/guestUpgrade: the name and password a guest keeps when it becomes a member in place, and the
 * inviter of the share link it came from (the app keeps it through the guest session), judged as
 * registration judges it.
 */
export const guestUpgradeSchema = z
  .object({
    username: requiredText('err.username_required', { max: USERNAME_MAX, invalid: 'err.username_invalid' }).pipe(
      z.string().regex(USERNAME_RE, 'err.username_invalid'),
    ),
    password: password('err.password_required'),
    repassword: retypedPassword(),
    inviter_id: inviterId,
    device_id: deviceId(),
  })
  .refine((v) => v.repassword === undefined || v.repassword === v.password, {
    message: 'err.password_inconsistent',
    path: ['repassword'],
  });

export const newPassSchema = z
  .object({
    after_pass: requiredText('err.old_password_required', { max: SECRET_TYPED_MAX, invalid: 'err.old_password_wrong' }),
    new_pass: password('err.new_password_required'),
    /** Optional on the wire (the spec's payload has none); the app always sends it. */
    confirm_pass: retypedPassword(),
  })
  .refine((v) => v.confirm_pass === undefined || v.confirm_pass === v.new_pass, {
    message: 'err.password_inconsistent',
    path: ['confirm_pass'],
  })
  .refine((v) => v.after_pass !== v.new_pass, { message: 'err.password_same', path: ['new_pass'] });

export const securityCode = (required: string) =>
  requiredText(required, { max: SECRET_TYPED_MAX, invalid: 'err.security_code_invalid' }).pipe(z.string().regex(SECURITY_CODE_RE, 'err.security_code_invalid'));

/** A security code given to authorise something; its value is checked (with the lockout) by the server. */
export const typedSecurityCode = (wrong: string) => optionalText({ max: SECRET_TYPED_MAX, invalid: wrong });

export const setSafetySchema = z.object({
  new_code: securityCode('err.security_code_required'),
  /** The current code; required by the server once one is set. */
  after_code: typedSecurityCode('err.old_code_wrong'),
});

/**
 * Characters a nickname refuses, after NFKC: format characters (Cf: zero-width spaces and joiners,
 * direction marks and overrides, word joiner, byte-order mark, soft hyphen, tags), control characters,
 * lone surrogates, line and paragraph separators, and the Hangul fillers that render as nothing.
 */
const NICKNAME_HIDDEN_RE = /[\p{Cf}\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

/**
 * A nickname as others see it: NFKC-normalised (full-width letters and digits become ASCII, exotic
 * spaces a plain one), blanks trimmed and runs of them made one, and refused when it holds a character
 * that shows as nothing or reorders the text — so two names that look alike are the same string.
 * Nicknames are display names, not identities: two players may share one (the username is unique).
 * A nickname is text: a JSON number is refused, not turned into its digits.
 */
export const nicknameField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'err.nickname_required'
        : typeof issue.input === 'number'
          ? 'err.nickname_text'
          : 'err.nickname_invalid',
  })
  .max(NICKNAME_MAX, 'err.nickname_invalid')
  .meta({ maxLength: NICKNAME_MAX })
  .transform((v) => v.normalize('NFKC'))
  .pipe(
    z
      .string()
      .refine((v) => !NICKNAME_HIDDEN_RE.test(v), 'err.nickname_chars')
      .transform((v) => v.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(1, 'err.nickname_required').max(NICKNAME_MAX, 'err.nickname_invalid')),
  );

/** The document an ID number is of (../idNumber.ts); optional on the wire (the spec's clients send none). */
export const idDocTypeField = optionalText({ max: 10, invalid: 'err.id_type_invalid' }).pipe(z.enum(ID_DOC_TYPES, { error: 'err.id_type_invalid' }).optional());

/** An ID number as it will be stored: trimmed, letters in capitals (the app shows this before saving). */
export const idNumberText = (required: string) => requiredText(required, { max: ID_NUMBER_MAX, invalid: 'err.idcard_invalid' }).transform(normaliseIdNumber);

/**
 * Refuses, on `idcard`, a number that is not of its `id_type` (mainland and Taiwan IDs by their check
 * digit, passports by their form); without a type, only a mainland or Taiwan ID is accepted.
 */
export const checkIdNumber = (v: { idcard?: unknown; id_type?: unknown }, ctx: z.RefinementCtx) => {
  if (typeof v.idcard !== 'string' || !(v.id_type === undefined || isIdDocType(v.id_type))) return;
  if (!isIdNumberOf(v.id_type, v.idcard)) {
    ctx.addIssue({ code: 'custom', path: ['idcard'], message: v.id_type ? ID_NUMBER_MESSAGE[v.id_type] : 'err.idcard_invalid' });
  }
};

export const profileSchema = z
  .object({
    /** Stored once and for good: checked against its document type. */
    idcard: optionalText({ max: ID_NUMBER_MAX, invalid: 'err.idcard_invalid' }).transform((v) => (v === undefined ? v : normaliseIdNumber(v))),
    id_type: idDocTypeField,
    /** Absent = unchanged; present but blank is refused (a nickname cannot be set to nothing). */
    nickname: nicknameField.optional(),
    avatar: optionalInt({ min: 0, max: AVATAR_MAX, invalid: 'err.avatar_invalid' }),
  })
  .superRefine(checkIdNumber);

/** 0 bank card, 1 virtual wallet. */
export const payType = intField({ min: 0, max: 1, invalid: 'err.pay_type_invalid' });

export const payTypeSchema = z.object({ type: payType });

/** Bank card, as the spec's form uses the fields: acc = holder, acc_name = card number, acc_bank = bank. */
export const bankCardSchema = z.object({
  acc: requiredText('err.holder_required', { max: CARD_HOLDER_MAX, invalid: 'err.holder_invalid' }),
  acc_name: requiredText('err.card_number_required', { max: 40, invalid: 'err.card_number_invalid' }).pipe(
    z
      .string()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(CARD_NUMBER_RE, 'err.card_number_invalid')),
  ),
  acc_bank: requiredText('err.bank_name_required', { max: BANK_NAME_MAX, invalid: 'err.bank_name_invalid' }),
  mark: optionalText({ max: PAY_MARK_MAX }),
});

/** Virtual wallet: acc = address, acc_name = wallet type. */
export const walletSchema = z
  .object({
    acc: requiredText('err.wallet_address_required', { max: WALLET_ADDRESS_MAX, invalid: 'err.wallet_address_invalid' }),
    acc_name: requiredText('err.wallet_type_required', { max: 10, invalid: 'err.wallet_type_invalid' }).pipe(
      z
        .string()
        .transform((v) => v.toLowerCase())
        .pipe(z.enum(WALLET_TYPES, { error: 'err.wallet_type_invalid' })),
    ),
    mark: optionalText({ max: PAY_MARK_MAX }),
  })
  // Zod runs this check even when a field above failed, with that field's raw value: an unknown
  // wallet type (even "constructor") is refused there already, so only a known type is looked up.
  .refine((v) => !Object.hasOwn(WALLET_ADDRESS_RE, v.acc_name) || WALLET_ADDRESS_RE[v.acc_name].test(String(v.acc)), {
    message: 'err.wallet_address_invalid',
    path: ['acc'],
  });

/** "6222020200112233" → "**** **** **** 2233"; keeps only the last 4 characters. */
export function maskTail(value: string, keep = 4): string {
  if (value.length <= keep) return value;
  return `${'*'.repeat(Math.min(12, value.length - keep)).replace(/(.{4})(?=.)/g, '$1 ')} ${value.slice(-keep)}`;
}

/** "张三丰" → "张**"; "John Smith" → "J*********". */
export function maskName(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 1) return value;
  return chars[0] + '*'.repeat(chars.length - 1);
}

/** The bank card or wallet a player binds (user/setPayInfo): `type` decides which fields apply. */
export type PayAccountInput = ({ type: 0 } & z.output<typeof bankCardSchema>) | ({ type: 1 } & z.output<typeof walletSchema>);

/**
 * user/setPayInfo: `type` first, then the fields of that kind of account with their own messages.
 * `securityCode` (named as in user/withdrawAction) is needed only to replace an account already
 * bound; the server checks it with the shared lockout.
 */
export const setPayInfoSchema = z
  .object({
    type: payType,
    // Bounded here; each kind of account then checks its own fields with its own messages.
    acc: optionalText({ max: Math.max(CARD_HOLDER_MAX, WALLET_ADDRESS_MAX) }),
    acc_name: optionalText({ max: 40 }),
    acc_bank: optionalText({ max: BANK_NAME_MAX }),
    mark: optionalText({ max: PAY_MARK_MAX }),
    securityCode: typedSecurityCode('err.security_code_wrong'),
  })
  .transform((v, ctx): { account: PayAccountInput; securityCode: string | undefined } => {
    const result = v.type === 0 ? bankCardSchema.safeParse(v) : walletSchema.safeParse(v);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { account: { type: v.type, ...result.data } as PayAccountInput, securityCode: v.securityCode };
  })
  .meta({
    description:
      'type 0 (bank card): acc holder, acc_name card number, acc_bank, mark; type 1 (wallet): acc address, acc_name trc20/erc20/omni, mark; securityCode: required to replace an account already bound',
  });

// --- answers ---

/** The `userinfo` object answered by login, register, guest login and a password change. */
export const loginInfoData = z.object({
  token: z.string(),
  user_id: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  group_id: z.number().int(),
  money: moneyText,
  score: moneyText,
  balance: moneyText,
  /** Sign-in only, once: the username on the previous site of a player renamed by the import (told at this first sign-in). */
  renamed_from: z.string().optional(),
});
export const userinfoData = z.object({ userinfo: loginInfoData });

/** user/userInfo (also answered in `msg`, where the spec's clients read it). */
export const userInfoData = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.number().int(),
  idcard: z.string(),
  shiming: z.number().int(),
  group_id: z.number().int(),
  today_profit: moneyText,
  profit: moneyText,
  money: moneyText,
  score: moneyText,
  balance: moneyText,
  has_security_code: z.boolean(),
});

export const safetyInfoData = z.object({ isTrue: z.boolean() });

/** A bound payout account: type (0 bank card, 1 wallet), number, holder, bank, note. Its owner sees the bank card number and holder masked. */
export const payAccountData = z.object({
  type: z.number().int(),
  acc: z.string(),
  acc_name: z.string(),
  acc_bank: z.string(),
  mark: z.string(),
});

/**
 * A bound payout account as its owner (and the console's user detail) sees it: a bank card also says
 * whether its holder was found to be the verified real name (false: bound while none was verified, or
 * it differs); a wallet has no holder (null).
 */
export const boundPayAccountData = payAccountData.extend({ holder_checked: z.boolean().nullable() });

/** user/payInfo: the caller's bound account of the asked type, or null when none is bound. */
export const payInfoData = boundPayAccountData.nullable();
