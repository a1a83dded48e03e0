import { describe, expect, it } from 'vitest';
import { BET_CLASSES, BetClass, DEFAULT_ODDS } from '@lucky28/shared/game';
import golden from '@lucky28/shared/game/golden-vectors.json';
import { explainDraw, payoutsOn } from './example';
import type { OddsClass } from '../../../lib/oddsClass';

const defaults: OddsClass[] = BET_CLASSES.map((c) => {
  const d = DEFAULT_ODDS.get(c.id)!;
  return { classId: c.id, name: `c${c.id}`, odds: d.odds, oddsSpecial: d.oddsSpecial, minStake: d.minStake, maxStake: d.maxStake };
});

describe('explainDraw', () => {
  it('splits a real draw into the three groups and gets the committed digits', () => {
    for (const r of golden.rounds) {
      const ex = explainDraw(r.numbers)!;
      expect(ex.groups.map((g) => g.length)).toEqual([6, 7, 7]);
      expect(ex.digits).toEqual(r.digits);
      expect(ex.total).toBe(r.total);
      expect(ex.sums.map((s) => s % 10)).toEqual(r.digits);
    }
  });
  it('refuses anything but 20 numbers', () => {
    expect(explainDraw([1, 2, 3])).toBeNull();
  });
});

describe('payoutsOn', () => {
  it('pays what settlement pays, including the 13/14 odds', () => {
    // 4+4+5 = 13: small, odd, small-odd (stake back), pair.
    const pays = payoutsOn(defaults, [4, 4, 5], 1000);
    const by = new Map(pays.map((p) => [p.classId, p]));
    expect(by.get(BetClass.SMALL)).toMatchObject({ payout: 1600, profit: 600, applied: 160 });
    expect(by.get(BetClass.ODD)).toMatchObject({ payout: 1600 });
    expect(by.get(BetClass.SMALL_ODD)).toMatchObject({ payout: 1000, profit: 0 });
    expect(by.get(BetClass.PAIR)).toMatchObject({ payout: 3500 });
    expect(by.get(113)).toMatchObject({ payout: 12000 });
    expect(by.has(BetClass.BIG)).toBe(false);
  });
});
