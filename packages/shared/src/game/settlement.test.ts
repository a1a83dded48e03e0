import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS } from './betClasses.js';
import type { Digits } from './draw.js';
import { DEFAULT_ODDS } from './odds.js';
import { payoutFor, settleOrder } from './settlement.js';

const STAKE = 1000; // 10.00

function settleAt(classId: number, digits: Digits, amount = STAKE) {
  const o = DEFAULT_ODDS.get(classId)!;
  return settleOrder({ playType: classId, amount, odds: o.odds, oddsSpecial: o.oddsSpecial }, digits);
}

/**
 * Hand-written expectations: for each draw, the classes that are paid and at which odds (hundredths)
 * at the default odds of docs/design.md#the-odds-table. Every class not listed must lose.
 */
const CASES: { digits: Digits; total: number; paid: Record<number, number> }[] = [
  { digits: [0, 0, 0], total: 0, paid: { 2: 200, 4: 200, 14: 420, 22: 1500, 100: 50800, 31: 9000 } },
  { digits: [0, 2, 3], total: 5, paid: { 2: 200, 3: 200, 12: 460, 22: 1500, 105: 4000 } },
  { digits: [1, 2, 3], total: 6, paid: { 2: 200, 4: 200, 14: 420, 106: 2800, 32: 1500 } },
  // 13: small and odd pay 1.6; small-odd returns the stake only.
  { digits: [4, 4, 5], total: 13, paid: { 2: 160, 3: 160, 12: 100, 113: 1200, 33: 350 } },
  // 14: big and even pay 1.6; big-even returns the stake only.
  { digits: [3, 5, 6], total: 14, paid: { 1: 160, 4: 160, 13: 100, 114: 1200 } },
  { digits: [6, 7, 8], total: 21, paid: { 1: 200, 3: 200, 11: 420, 121: 2800, 32: 1500 } },
  { digits: [9, 4, 9], total: 22, paid: { 1: 200, 4: 200, 13: 460, 21: 1500, 122: 4000, 33: 350 } },
  { digits: [9, 9, 9], total: 27, paid: { 1: 200, 3: 200, 11: 420, 21: 1500, 127: 50800, 31: 9000 } },
  // Wrapping straights and a non-straight.
  { digits: [8, 9, 0], total: 17, paid: { 1: 200, 3: 200, 11: 420, 117: 1400, 32: 1500 } },
  { digits: [9, 0, 1], total: 10, paid: { 2: 200, 4: 200, 14: 420, 110: 1400, 32: 1500 } },
  { digits: [9, 1, 2], total: 12, paid: { 2: 200, 4: 200, 14: 420, 112: 1200 } },
];

describe('settlement of every class (docs/design.md#settlement)', () => {
  for (const { digits, total, paid } of CASES) {
    it(`digits ${digits.join('-')} (total ${total})`, () => {
      expect(digits[0] + digits[1] + digits[2]).toBe(total);
      for (const id of BET_CLASS_IDS) {
        const s = settleAt(id, digits);
        const odds = paid[id] ?? 0;
        const payout = (STAKE * odds) / 100;
        expect({ id, hit: s.hit, odds: s.appliedOdds, payout: s.payout, profit: s.profit }).toEqual({
          id,
          hit: odds > 0,
          odds,
          payout,
          profit: payout - STAKE,
        });
        expect(s.whetherHit).toBe(payout > STAKE ? 1 : 0);
      }
    });
  }

  it('a stake-back (small-odd on 13) pays the stake, profit 0, and is not a profitable hit', () => {
    expect(settleAt(12, [4, 4, 5])).toEqual({ hit: true, appliedOdds: 100, payout: STAKE, profit: 0, whetherHit: 0 });
  });

  it('a lost order has profit = −stake', () => {
    expect(settleAt(1, [0, 0, 0])).toEqual({ hit: false, appliedOdds: 0, payout: 0, profit: -STAKE, whetherHit: 0 });
  });

  it('uses the odds stored on the order, not the current defaults', () => {
    const s = settleOrder({ playType: 1, amount: 1000, odds: 195, oddsSpecial: null }, [9, 9, 9]);
    expect(s.payout).toBe(1950);
    // No special odds stored → the regular odds apply on 14 too.
    expect(settleOrder({ playType: 1, amount: 1000, odds: 195, oddsSpecial: null }, [3, 5, 6]).payout).toBe(1950);
  });

  it('rounds the payout down to the cent', () => {
    expect(payoutFor(1001, 160)).toBe(1601); // 1601.6
    expect(payoutFor(999, 350)).toBe(3496); // 3496.5
    expect(payoutFor(1, 50800)).toBe(508);
    expect(payoutFor(500000, 50800)).toBe(254000000);
    expect(settleAt(2, [4, 4, 5], 1001)).toMatchObject({ payout: 1601, profit: 600 });
    expect(() => payoutFor(1.5, 200)).toThrow(RangeError);
    expect(() => payoutFor(100, -1)).toThrow(RangeError);
  });
});
