/**
 * Wallet limits (spec §5, §9; DESIGN §7) and the money-amount field of deposits and withdrawals,
 * shared by the server, which enforces them, and the apps, which check before sending. No zod here:
 * the player app's wallet screens read these without loading the schemas; `schemas/wallet.ts` builds
 * the declared route schemas on them.
 */
import type { ImageMime } from './images.js';
import { parsePositiveMoney, type Cents } from './money.js';

/** Largest amount a single deposit or withdrawal may carry: 1,000,000 u, in cents. */
export const MAX_REQUEST_CENTS: Cents = 100_000_000;
/** The minimum withdrawal, 100 u (spec §5 / §9), in cents. */
export const MIN_WITHDRAW_CENTS: Cents = 10_000;
/** DESIGN §7 / spec §9: uploads (deposit screenshots, ID photos) are images only, at most 5 MB. */
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

/** The picture checks of spec §5 in order — chosen, a picture type, at most 5 MB — for a file's type and size. */
export function imageProblem(file: { type: string; size: number } | undefined | null): ImageProblem | null {
  if (!file) return 'err.image_required';
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'err.image_type';
  if (file.size > MAX_UPLOAD_BYTES) return 'err.image_too_large';
  return null;
}
