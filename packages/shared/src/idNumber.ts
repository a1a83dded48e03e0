/**
 * ID numbers per document type, zod-free: the player app checks a number before it asks the player to
 * confirm it, and the server's schemas (user/profile, user/shiming) refuse the same numbers, so a number
 * stored once for good is one that can be a real document's.
 */

/** cn: mainland resident ID card; tw: Taiwan national ID card; passport: any country's passport. */
export const ID_DOC_TYPES = ['cn', 'tw', 'passport'] as const;
export type IdDocType = (typeof ID_DOC_TYPES)[number];

export const isIdDocType = (v: unknown): v is IdDocType => typeof v === 'string' && (ID_DOC_TYPES as readonly string[]).includes(v);

/** The longest number of any type (a passport's 20). */
export const ID_NUMBER_LONGEST = 20;

/**
 * What is stored: the number as typed, its letters in capitals (a mainland check digit "x" is "X";
 * the player is shown this exact text before it is saved). Blanks around it are not part of it.
 */
export const normaliseIdNumber = (typed: string): string => typed.trim().toUpperCase();

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

/** The check digit (ISO 7064 MOD 11-2) of a mainland ID number's first 17 digits. */
export function cnCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * CN_WEIGHTS[i]!;
  return CN_CHECK[sum % 11]!;
}

function validBirthDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 18 characters: a 6-digit region, a birth date YYYYMMDD, 3 digits and the check digit (0–9 or X). */
export function isCnIdNumber(n: string): boolean {
  return /^\d{17}[\dX]$/.test(n) && validBirthDate(n.slice(6, 14)) && cnCheckDigit(n.slice(0, 17)) === n[17];
}

/** Letter values of the Taiwan ID's first character (A = 10 … with I, O, W, X, Y, Z out of order). */
const TW_LETTERS = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';

/** A letter and 9 digits (the first 1 or 2, or 8 or 9 for a resident's number); weighted sum divisible by 10. */
export function isTwIdNumber(n: string): boolean {
  if (!/^[A-Z][1289]\d{8}$/.test(n)) return false;
  const value = TW_LETTERS.indexOf(n[0]!) + 10;
  let sum = Math.floor(value / 10) + (value % 10) * 9;
  for (let i = 1; i <= 8; i++) sum += Number(n[i]) * (9 - i);
  sum += Number(n[9]);
  return sum % 10 === 0;
}

/** 5–20 letters and digits. */
export const isPassportNumber = (n: string): boolean => /^[A-Z0-9]{5,20}$/.test(n);

const CHECKS: Record<IdDocType, (n: string) => boolean> = { cn: isCnIdNumber, tw: isTwIdNumber, passport: isPassportNumber };

/** The message key refusing a number that is not of its type. */
export const ID_NUMBER_MESSAGE: Record<IdDocType, string> = {
  cn: 'err.idcard_invalid_cn',
  tw: 'err.idcard_invalid_tw',
  passport: 'err.idcard_invalid_passport',
};

/**
 * Whether the (normalised) number is one of `type`. Without a type (a client of the spec's API sends
 * none) the number must be one whose check digit the server can verify: a mainland or a Taiwan ID.
 */
export function isIdNumberOf(type: IdDocType | undefined, normalised: string): boolean {
  return type ? CHECKS[type](normalised) : isCnIdNumber(normalised) || isTwIdNumber(normalised);
}

/** The message key for a number refused as `type` (or as no type), null when it is accepted. */
export function idNumberProblem(type: IdDocType | undefined, typed: string): string | null {
  const n = normaliseIdNumber(typed);
  if (n === '') return 'err.idcard_required';
  if (isIdNumberOf(type, n)) return null;
  return type ? ID_NUMBER_MESSAGE[type] : 'err.idcard_invalid';
}
