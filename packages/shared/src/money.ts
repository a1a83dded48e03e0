/**
 * Money is integer minor units (cents) everywhere in code; the API shows decimal strings with
 * two places ("100.00"). Never use floating point for an amount.
 */
export type Cents = number;

/** 12345 → "123.45"; -5 → "-0.05". */
export function formatMoney(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer amount: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${units}.${rest.toString().padStart(2, '0')}`;
}

const MONEY_RE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Parses a positive decimal amount as typed by a user or sent by a client ("100", "100.5",
 * "100.50", or a number 100.5) into cents. Returns null for anything else (negative, more than
 * two decimals, exponent notation, empty).
 */
export function parseMoney(input: unknown): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const m = MONEY_RE.exec(text);
  if (!m) return null;
  const units = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  const cents = units * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * An amount an operator enters, read exactly as written: decimal digits with at most two places and
 * nothing around them ("5", "0.5", "100.50", or a number). Null for anything else — a sign, an
 * exponent, a third decimal place, white space: the console never rounds or trims what it is given.
 */
export function parseExactMoney(input: unknown): Cents | null {
  if (typeof input === 'string' && input !== input.trim()) return null;
  return parseMoney(input);
}

/** An amount a user types for a stake, deposit or withdrawal: parseMoney, and above zero. Null otherwise. */
export function parsePositiveMoney(input: unknown): Cents | null {
  const cents = parseMoney(input);
  return cents !== null && cents > 0 ? cents : null;
}

/** Whole units to cents: 100 → 10000. */
export const units = (n: number): Cents => Math.round(n * 100);
