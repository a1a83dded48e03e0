/**
 * Wallet limits (docs/product.md#validation-rules, #constants-and-game-rules; docs/design.md#security) and the money-amount field of deposits and withdrawals,
 * shared by the server, which enforces them, and the apps, which check before sending. No zod here:
 * the player app's wallet screens read these without loading the schemas; `schemas/wallet.ts` builds
 * the declared route schemas on them.
 */
import type { ImageMime } from './images.js';
import { parsePositiveMoney, type Cents } from './money.js';

/** Largest amount a single deposit or withdrawal may carry: 1,000,000 u, in cents. */
export const MAX_REQUEST_CENTS: Cents = 100_000_000;
/** The minimum withdrawal, 100 u (docs/product.md#validation-rules, #constants-and-game-rules), in cents. */
export const MIN_WITHDRAW_CENTS: Cents = 10_000;
/** docs/design.md#security / docs/product.md#constants-and-game-rules: uploads (deposit screenshots, ID photos) are images only, at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The picture types the server accepts, judged by content on the server and by the file's type in the apps. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const satisfies readonly ImageMime[];
/** What an upload is for. */
export const UPLOAD_KINDS = ['recharge_screenshot', 'idcard'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export type AmountProblem = 'err.amount_required' | 'err.amount_invalid' | 'err.amount_too_large';

/**
 * The money-amount field ("100", "100.5", 100.5): positive cents up to MAX_REQUEST_CENTS, or the
 * message key of what is wrong — empty → err.amount_required, malformed or zero → err.amount_invalid,
 * too large → err.amount_too_large.
 */
export function readAmount(input: unknown): { cents: Cents } | { problem: AmountProblem } {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return { problem: 'err.amount_required' };
  const cents = parsePositiveMoney(input);
  if (cents === null) return { problem: 'err.amount_invalid' };
  if (cents > MAX_REQUEST_CENTS) return { problem: 'err.amount_too_large' };
  return { cents };
}

export type ImageProblem = 'err.image_required' | 'err.image_type' | 'err.image_too_large';

/** The picture checks of docs/product.md#validation-rules in order — chosen, a picture type, at most 5 MB — for a file's type and size. */
export function imageProblem(file: { type: string; size: number } | undefined | null): ImageProblem | null {
  if (!file) return 'err.image_required';
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'err.image_type';
  if (file.size > MAX_UPLOAD_BYTES) return 'err.image_too_large';
  return null;
}

/**
 * What a deposit's 1 u is worth, as the operator states it (settings `deposit_rates`): in USDT and in
 * the bank account's currency. Rates are integer millionths ("0.14" → 140000), so no amount is ever
 * a float; a rate has at most six decimal places and lies in (0, 1,000,000].
 */
export const RATE_SCALE = 1_000_000;
export const MAX_RATE = 1_000_000 * RATE_SCALE;
const RATE_RE = /^(\d{1,7})(?:\.(\d{1,6}))?$/;

/** "0.14", "7", "7.123456" (exactly as written: no sign, exponent or space) → millionths; null otherwise, and for 0. */
export function parseRate(input: unknown): number | null {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text !== 'string') return null;
  const m = RATE_RE.exec(text);
  if (!m) return null;
  const value = Number(m[1]) * RATE_SCALE + Number((m[2] ?? '').padEnd(6, '0'));
  return value > 0 && value <= MAX_RATE ? value : null;
}

/** 140000 → "0.14", 1000000 → "1.00", 7123456 → "7.123456": at least two decimals, no trailing zeros past them. */
export function formatRate(millionths: number): string {
  let fraction = String(millionths % RATE_SCALE)
    .padStart(6, '0')
    .replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${Math.floor(millionths / RATE_SCALE)}.${fraction}`;
}

/** A currency code as ISO 4217 writes it: three capital letters ("CNY", "VND"). */
export const isCurrencyCode = (text: string): boolean => /^[A-Z]{3}$/.test(text);

/** An amount of u in another currency at a rate: hundredths of that currency, rounded half up ("what to transfer"). */
export function convertCents(cents: Cents, rateMillionths: number): number {
  // The product can pass 2^53 (1,000,000 u at the largest rate): computed exactly in BigInt.
  const scale = BigInt(RATE_SCALE);
  return Number((BigInt(cents) * BigInt(rateMillionths) + scale / 2n) / scale);
}

/** The smallest and largest single deposit request, cents (settings `deposit_limits`; these when the operator set none). */
export const DEFAULT_DEPOSIT_LIMITS = { min: 1, max: MAX_REQUEST_CENTS } as const;

export type DepositRangeProblem = 'err.deposit_below_min' | 'err.deposit_above_max';

/** Whether a deposit amount is within the operator's range for one request; the message key of what is wrong, or null. */
export function depositRangeProblem(cents: Cents, limits: { min: Cents; max: Cents }): DepositRangeProblem | null {
  if (cents < limits.min) return 'err.deposit_below_min';
  if (cents > limits.max) return 'err.deposit_above_max';
  return null;
}
