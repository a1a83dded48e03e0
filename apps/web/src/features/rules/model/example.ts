/**
 * The worked example of /lotteryExplain: a real draw taken apart the way packages/shared computes
 * it, and what each of the room's classes would have paid on it — settled by the shared settlement
 * code at the room's odds, so the example is exactly what the server pays.
 */
import { DRAW_SIZE, digitsOf, settleOrder, totalOf, type Digits } from '@lucky28/shared/game';
import { type Cents } from '@lucky28/shared/money';
import type { OddsClass } from '../../../lib/oddsClass';

export interface DrawExample {
  /** The 20 numbers in the three groups of docs/design.md#from-seed-to-numbers (1–6, 7–13, 14–20 of the sorted draw). */
  groups: [number[], number[], number[]];
  sums: [number, number, number];
  digits: Digits;
  total: number;
}

const GROUP_ENDS = [6, 13, 20] as const;

export function explainDraw(numbers: readonly number[]): DrawExample | null {
  if (numbers.length !== DRAW_SIZE) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  const groups: [number[], number[], number[]] = [
    sorted.slice(0, GROUP_ENDS[0]),
    sorted.slice(GROUP_ENDS[0], GROUP_ENDS[1]),
    sorted.slice(GROUP_ENDS[1], GROUP_ENDS[2]),
  ];
  const sum = (g: number[]) => g.reduce((s, n) => s + n, 0);
  const sums: [number, number, number] = [sum(groups[0]), sum(groups[1]), sum(groups[2])];
  // The digits come from the shared rule; the groups above only show the working.
  const digits = digitsOf(sorted);
  if (sums.some((s, i) => s % 10 !== digits[i])) return null;
  return { groups, sums, digits, total: totalOf(digits) };
}

export interface ExamplePayout {
  classId: number;
  name: string;
  payout: Cents;
  profit: Cents;
  /** The odds applied (hundredths). */
  applied: number;
}

/** The classes that pay something on these digits, for a stake of `stake` cents each. */
export function payoutsOn(classes: readonly OddsClass[], digits: Digits, stake: Cents): ExamplePayout[] {
  const out: ExamplePayout[] = [];
  for (const c of classes) {
    const s = settleOrder({ playType: c.classId, amount: stake, odds: c.odds, oddsSpecial: c.oddsSpecial }, digits);
    if (s.hit) out.push({ classId: c.classId, name: c.name, payout: s.payout, profit: s.profit, applied: s.appliedOdds });
  }
  return out;
}
