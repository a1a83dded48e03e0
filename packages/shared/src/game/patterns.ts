/** Patterns of the three digits (docs/design.md#the-odds-table) and of the total (docs/product.md#constants-and-game-rules). */
import type { Digits } from './draw.js';

/** All three digits equal. */
export function isTriple([a, b, c]: Digits): boolean {
  return a === b && b === c;
}

/** Exactly two of the three digits equal. */
export function isPair([a, b, c]: Digits): boolean {
  const equalPairs = Number(a === b) + Number(b === c) + Number(a === c);
  return equalPairs === 1;
}

/** Three consecutive digits in any order, wrapping 9 → 0 (so 8-9-0 and 9-0-1 count). */
export function isStraight(digits: Digits): boolean {
  const set = new Set(digits);
  if (set.size !== 3) return false;
  for (let k = 0; k < 10; k++) {
    if (set.has(k) && set.has((k + 1) % 10) && set.has((k + 2) % 10)) return true;
  }
  return false;
}

export const MAX_TOTAL = 27;
export const isBig = (total: number) => total >= 14;
export const isSmall = (total: number) => total <= 13;
export const isOdd = (total: number) => total % 2 === 1;
export const isEven = (total: number) => total % 2 === 0;
export const isExtremeBig = (total: number) => total >= 22;
export const isExtremeSmall = (total: number) => total <= 5;
/** The totals on which some classes pay their special odds (docs/design.md#the-odds-table). */
export const isMiddleTotal = (total: number) => total === 13 || total === 14;
