import fc from 'fast-check';
import { caseOptions } from '../testing/depth.js';
import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, BetClass } from './betClasses.js';
import { DEFAULT_ODDS } from './odds.js';
import { allDigitTriples } from './returnToPlayer.js';
import { moneyAtRisk } from './moneyAtRisk.js';
import { appliedOdds, payoutFor } from './settlement.js';

const line = (playType: number, amount: number, odds = DEFAULT_ODDS.get(playType)!) => ({ playType, amount, odds: odds.odds, oddsSpecial: odds.oddsSpecial });

describe('money at risk', () => {
  it('is the whole stake of a single bet, and a hedge of big and small risks only what the middle totals keep back', () => {
    expect(moneyAtRisk([line(BetClass.BIG, 100_000)])).toBe(100_000);
    // Big and small 1,000 u each at 2.00 (1.60 on 13 and 14): the worst triple pays 1,600 u of the 2,000.
    expect(moneyAtRisk([line(BetClass.BIG, 100_000), line(BetClass.SMALL, 100_000)])).toBe(40_000);
    // At even odds with no special odds, the same hedge cannot lose: nothing at risk.
    const even = { odds: 200, oddsSpecial: null, minStake: 0, maxStake: 0 };
    expect(moneyAtRisk([line(BetClass.BIG, 100_000, even), line(BetClass.SMALL, 100_000, even)])).toBe(0);
    expect(moneyAtRisk([])).toBe(0);
  });

  it('equals the stakes less the smallest payout over all 1,000 triples, for any bets', () => {
    const triples = allDigitTriples();
    fc.assert(
      fc.property(
        fc.array(fc.record({ playType: fc.constantFrom(...BET_CLASS_IDS), amount: fc.integer({ min: 1, max: 500_000 }) }), { minLength: 1, maxLength: 8 }),
        (bets) => {
          const lines = bets.map((b) => line(b.playType, b.amount));
          const stakes = lines.reduce((s, l) => s + l.amount, 0);
          const smallest = Math.min(...triples.map((d) => lines.reduce((s, l) => s + payoutFor(l.amount, appliedOdds(l, d)), 0)));
          expect(moneyAtRisk(lines)).toBe(Math.max(0, stakes - smallest));
        },
      ),
      caseOptions({ quick: 50, deep: 200 }),
    );
  });
});
