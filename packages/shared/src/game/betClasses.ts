/**
 * The 41 bet classes (docs/design.md#bet-classes) with stable numeric ids, localisable name keys and winning
 * conditions. Ids travel as `class` in odds lists and `play_type` in orders.
 */
import { totalOf, type Digits } from './draw.js';
import { isBig, isEven, isExtremeBig, isExtremeSmall, isOdd, isPair, isSmall, isStraight, isTriple, MAX_TOTAL } from './patterns.js';

export const BetClass = {
  BIG: 1,
  SMALL: 2,
  ODD: 3,
  EVEN: 4,
  BIG_ODD: 11,
  SMALL_ODD: 12,
  BIG_EVEN: 13,
  SMALL_EVEN: 14,
  EXTREME_BIG: 21,
  EXTREME_SMALL: 22,
  TRIPLE: 31,
  STRAIGHT: 32,
  PAIR: 33,
} as const;

/** Exact sum N is class SUM_CLASS_BASE + N (100–127). */
export const SUM_CLASS_BASE = 100;

/** Whether a class id is in the exact-sum range (`rule_num`, the panel's number tab) rather than a base class. */
export const isSumClassId = (id: number): boolean => id >= SUM_CLASS_BASE;

export type BetClassKind = 'base' | 'sum';

export interface BetClassInfo {
  id: number;
  /** `rule_base` (ids below 100) or `rule_num` (exact sums). */
  kind: BetClassKind;
  /** Translation key; exact sums share 'class.sum' with the parameter `n` = the sum. */
  nameKey: string;
  /** For exact-sum classes: the sum N. */
  sum?: number;
  /** Whether an order of this class wins on these digits. */
  wins: (digits: Digits) => boolean;
}

const byTotal = (test: (total: number) => boolean) => (d: Digits) => test(totalOf(d));

const BASE_CLASSES: BetClassInfo[] = [
  { id: BetClass.BIG, nameKey: 'class.big', test: byTotal(isBig) },
  { id: BetClass.SMALL, nameKey: 'class.small', test: byTotal(isSmall) },
  { id: BetClass.ODD, nameKey: 'class.odd', test: byTotal(isOdd) },
  { id: BetClass.EVEN, nameKey: 'class.even', test: byTotal(isEven) },
  { id: BetClass.BIG_ODD, nameKey: 'class.bigOdd', test: byTotal((t) => isBig(t) && isOdd(t)) },
  { id: BetClass.SMALL_ODD, nameKey: 'class.smallOdd', test: byTotal((t) => isSmall(t) && isOdd(t)) },
  { id: BetClass.BIG_EVEN, nameKey: 'class.bigEven', test: byTotal((t) => isBig(t) && isEven(t)) },
  { id: BetClass.SMALL_EVEN, nameKey: 'class.smallEven', test: byTotal((t) => isSmall(t) && isEven(t)) },
  { id: BetClass.EXTREME_BIG, nameKey: 'class.extremeBig', test: byTotal(isExtremeBig) },
  { id: BetClass.EXTREME_SMALL, nameKey: 'class.extremeSmall', test: byTotal(isExtremeSmall) },
  { id: BetClass.TRIPLE, nameKey: 'class.triple', test: isTriple },
  { id: BetClass.STRAIGHT, nameKey: 'class.straight', test: isStraight },
  { id: BetClass.PAIR, nameKey: 'class.pair', test: isPair },
].map(({ id, nameKey, test }) => ({ id, kind: 'base' as const, nameKey, wins: test }));

const SUM_CLASSES: BetClassInfo[] = Array.from({ length: MAX_TOTAL + 1 }, (_, n) => ({
  id: SUM_CLASS_BASE + n,
  kind: 'sum' as const,
  nameKey: 'class.sum',
  sum: n,
  wins: byTotal((t) => t === n),
}));

/** Every class, base classes first, then exact sums 0–27. */
export const BET_CLASSES: readonly BetClassInfo[] = [...BASE_CLASSES, ...SUM_CLASSES];

const BY_ID = new Map(BET_CLASSES.map((c) => [c.id, c]));

export const BET_CLASS_IDS: readonly number[] = BET_CLASSES.map((c) => c.id);

export function betClass(id: number): BetClassInfo | undefined {
  return BY_ID.get(id);
}

export function isBetClassId(id: unknown): id is number {
  return typeof id === 'number' && BY_ID.has(id);
}

/** Whether class `id` wins on these digits; unknown ids never win. */
export function classWins(id: number, digits: Digits): boolean {
  return BY_ID.get(id)?.wins(digits) ?? false;
}
