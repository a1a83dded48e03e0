import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const SECURITY_CODE_RE = /^\d{6}$/;
export const ID_NUMBER_RE = /^[0-9A-Za-z]{1,18}$/;
export const CARD_NUMBER_RE = /^\d{12,19}$/;
export const WALLET_TYPES = ['trc20', 'erc20', 'omni'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** Address formats per network; a mismatch is refused with a clear message. */
export const WALLET_ADDRESS_RE: Record<WalletType, RegExp> = {
  trc20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  erc20: /^0x[0-9a-fA-F]{40}$/,
  omni: /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/,
};

const password = (required: string) =>
  requiredText(required).pipe(
    z.string().min(PASSWORD_MIN, 'err.password_invalid').max(PASSWORD_MAX, 'err.password_invalid'),
  );

export const loginSchema = z.object({
  account: requiredText('err.username_required'),
  password: requiredText('err.password_required'),
  remember: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()).optional(),
});

export const registerSchema = z
  .object({
    username: requiredText('err.username_required').pipe(z.string().regex(USERNAME_RE, 'err.username_invalid')),
    password: password('err.password_required'),
    /** Optional on the wire (the spec's payload has none); the app always sends it. */
    repassword: optionalText(),
    inviter_id: optionalText().pipe(z.string().regex(/^\d{1,10}$/, 'err.inviter_not_found').optional()),
  })
  .refine((v) => v.repassword === undefined || v.repassword === v.password, {
    message: 'err.password_inconsistent',
    path: ['repassword'],
  });

export const newPassSchema = z
  .object({
    after_pass: requiredText('err.old_password_required'),
    new_pass: password('err.new_password_required'),
    confirm_pass: optionalText(),
  })
  .refine((v) => v.confirm_pass === undefined || v.confirm_pass === v.new_pass, {
    message: 'err.password_inconsistent',
    path: ['confirm_pass'],
  })
  .refine((v) => v.after_pass !== v.new_pass, { message: 'err.password_same', path: ['new_pass'] });

export const securityCode = (required: string) =>
  requiredText(required).pipe(z.string().regex(SECURITY_CODE_RE, 'err.security_code_invalid'));

export const setSafetySchema = z.object({
  new_code: securityCode('err.security_code_required'),
  /** The current code; required by the server once one is set. */
  after_code: optionalText(),
});

export const profileSchema = z.object({
  idcard: optionalText().pipe(z.string().regex(ID_NUMBER_RE, 'err.idcard_invalid').optional()),
  /** Absent = unchanged; present but blank is refused (a nickname cannot be set to nothing). */
  nickname: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'err.nickname_invalid' }).trim().min(1, 'err.nickname_required').max(20, 'err.nickname_invalid'))
    .optional(),
  avatar: z.coerce.number({ error: 'err.avatar_invalid' }).int('err.avatar_invalid').min(0, 'err.avatar_invalid').max(8, 'err.avatar_invalid').optional(),
});

export const payTypeSchema = z.object({
  type: z.coerce.number({ error: 'err.pay_type_invalid' }).pipe(z.union([z.literal(0), z.literal(1)], { error: 'err.pay_type_invalid' })),
});

/** Bank card, as the spec's form uses the fields: acc = holder, acc_name = card number, acc_bank = bank. */
export const bankCardSchema = z.object({
  acc: requiredText('err.holder_required').pipe(z.string().max(40, 'err.holder_invalid')),
  acc_name: requiredText('err.card_number_required').pipe(
    z.string().transform((v) => v.replace(/\s+/g, '')).pipe(z.string().regex(CARD_NUMBER_RE, 'err.card_number_invalid')),
  ),
  acc_bank: requiredText('err.bank_name_required').pipe(z.string().max(60, 'err.bank_name_invalid')),
  mark: optionalText(),
});

/** Virtual wallet: acc = address, acc_name = wallet type. */
export const walletSchema = z
  .object({
    acc: requiredText('err.wallet_address_required'),
    acc_name: requiredText('err.wallet_type_required').pipe(
      z.string().transform((v) => v.toLowerCase()).pipe(z.enum(WALLET_TYPES, { error: 'err.wallet_type_invalid' })),
    ),
    mark: optionalText(),
  })
  .refine((v) => WALLET_ADDRESS_RE[v.acc_name].test(v.acc), { message: 'err.wallet_address_invalid', path: ['acc'] });

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
