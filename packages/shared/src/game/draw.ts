/**
 * The draw (docs/design.md#from-seed-to-numbers): 20 distinct numbers of 1–80 by a rejection-sampled partial Fisher–Yates
 * shuffle fed by the HMAC byte stream; the three digits are the last digits of the sums of the
 * sorted numbers 1–6, 7–13 and 14–20; the total is their sum (0–27).
 */
import { DrawByteStream } from './drawStream.js';
import type { Hex32 } from './hex.js';

export const POOL_SIZE = 80;
export const DRAW_SIZE = 20;

/** Three digits 0–9, in order. */
export type Digits = readonly [number, number, number];

export interface DrawResult {
  /** 20 distinct numbers of 1–80, ascending. */
  numbers: number[];
  digits: Digits;
  /** 0–27. */
  total: number;
}

const TWO_32 = 0x1_0000_0000;

/** A uniform integer in [0, m) from the stream, rejecting values that would bias the modulo. */
export function uniformBelow(stream: Pick<DrawByteStream, 'nextU32'>, m: number): number {
  if (!Number.isInteger(m) || m < 1 || m > TWO_32) throw new RangeError(`bad modulus ${m}`);
  const limit = TWO_32 - (TWO_32 % m);
  for (;;) {
    const u = stream.nextU32();
    if (u < limit) return u % m;
  }
}

/** The 20 drawn numbers, ascending. */
export function drawNumbers(seed: Hex32, gameId: number, issue: string): number[] {
  const stream = new DrawByteStream(seed, gameId, issue);
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => i + 1);
  for (let i = POOL_SIZE - 1; i >= POOL_SIZE - DRAW_SIZE; i--) {
    const j = uniformBelow(stream, i + 1);
    const a = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = a;
  }
  return pool.slice(POOL_SIZE - DRAW_SIZE).sort((a, b) => a - b);
}

const sumDigit = (values: number[]) => values.reduce((s, v) => s + v, 0) % 10;

/** Where each digit's numbers end among the 20 ascending numbers: numbers 1–6, 7–13, 14–20. */
const DIGIT_ENDS = [6, 13, DRAW_SIZE] as const;

/** Which digit (0, 1 or 2) the number at `position` (0-based) of the 20 ascending numbers counts towards. */
export const digitOfPosition = (position: number): 0 | 1 | 2 => (position < DIGIT_ENDS[0] ? 0 : position < DIGIT_ENDS[1] ? 1 : 2);

/** Digits of 20 ascending numbers: last digit of the sums of numbers 1–6, 7–13, 14–20. */
export function digitsOf(numbers: readonly number[]): Digits {
  if (numbers.length !== DRAW_SIZE) throw new RangeError(`expected ${DRAW_SIZE} numbers`);
  const sorted = [...numbers].sort((a, b) => a - b);
  return [sumDigit(sorted.slice(0, DIGIT_ENDS[0])), sumDigit(sorted.slice(DIGIT_ENDS[0], DIGIT_ENDS[1])), sumDigit(sorted.slice(DIGIT_ENDS[1], DIGIT_ENDS[2]))];
}

export const totalOf = (digits: Digits): number => digits[0] + digits[1] + digits[2];

/** The whole result of one round, from its revealed seed. */
export function deriveDraw(seed: Hex32, gameId: number, issue: string): DrawResult {
  const numbers = drawNumbers(seed, gameId, issue);
  const digits = digitsOf(numbers);
  return { numbers, digits, total: totalOf(digits) };
}
