import { describe, expect, it } from 'vitest';
import { DEFAULT_ODDS, BetClass } from '@lucky28/shared/game';
import { amountForRoom, checkSlip, offeredAmounts, picksOnTab, slipLines, tabOfClass, toggleClass, totalStake } from './betSlip';
import { toOddsClass, type OddsClass } from '../../../lib/oddsClass';

const cls = (classId: number, name: string): OddsClass => {
  const d = DEFAULT_ODDS.get(classId)!;
  return { classId, name, odds: d.odds, oddsSpecial: d.oddsSpecial, minStake: d.minStake, maxStake: d.maxStake };
};
const CLASSES = [cls(BetClass.BIG, 'Big'), cls(BetClass.ODD, 'Odd'), cls(BetClass.BIG_EVEN, 'Big even'), cls(127, 'Sum 27')];

describe('toggleClass', () => {
  it('adds a class on the first tap and removes it on the second', () => {
    const a = toggleClass([], BetClass.BIG);
    expect(a).toEqual([BetClass.BIG]);
    const b = toggleClass(a, BetClass.ODD);
    expect(b).toEqual([BetClass.BIG, BetClass.ODD]);
    expect(toggleClass(b, BetClass.BIG)).toEqual([BetClass.ODD]);
  });
});

describe('totals', () => {
  it('total bet is amount × selected count, in cents', () => {
    expect(totalStake('10', 2)).toBe(2000);
    expect(totalStake('12.5', 3)).toBe(3750);
    expect(totalStake('', 2)).toBeNull();
    expect(totalStake('0', 2)).toBeNull();
    expect(totalStake('-3', 1)).toBeNull();
    expect(totalStake('1.234', 1)).toBeNull();
  });
});

describe('slipLines', () => {
  it('lists every bet of both tabs, classic first, with its odds, stake and what it pays (stake × odds, down to the cent)', () => {
    const lines = slipLines(CLASSES, [127, BetClass.ODD, BetClass.BIG_EVEN], 1001);
    expect(lines.map((l) => [l.classId, l.tab, l.odds, l.stake, l.payout])).toEqual([
      [BetClass.ODD, 'base', 200, 1001, 2002],
      [BetClass.BIG_EVEN, 'base', 460, 1001, 4604],
      [127, 'num', 508_00, 1001, 508_508],
    ]);
  });
  it('gives the 13/14 payout beside the plain one where the class pays otherwise on 13 or 14, and none where it does not', () => {
    const [odd, bigEven, sum] = slipLines(CLASSES, [BetClass.ODD, BetClass.BIG_EVEN, 127], 1000);
    expect(odd).toMatchObject({ payout: 2000, oddsSpecial: 160, payoutSpecial: 1600 });
    expect(bigEven).toMatchObject({ payout: 4600, oddsSpecial: 100, payoutSpecial: 1000 });
    expect(sum).toMatchObject({ payout: 508_000, oddsSpecial: null, payoutSpecial: null });
    expect(slipLines([{ ...CLASSES[0]!, oddsSpecial: 200 }], [BetClass.BIG], 1000)[0]!.payoutSpecial).toBeNull();
  });
  it('counts the picks of each tab', () => {
    expect(picksOnTab([BetClass.BIG, 127, BetClass.ODD], 'base')).toBe(2);
    expect(picksOnTab([BetClass.BIG, 127, BetClass.ODD], 'num')).toBe(1);
    expect(picksOnTab([], 'num')).toBe(0);
  });
});

describe('checkSlip', () => {
  it('asks for a selection first, even when the amount is also bad', () => {
    expect(checkSlip(CLASSES, [], '')).toEqual({ ok: false, key: 'room.selectBet' });
  });
  it('then asks for an amount above zero', () => {
    expect(checkSlip(CLASSES, [BetClass.BIG], '')).toMatchObject({ ok: false, key: 'room.invalidAmount' });
    expect(checkSlip(CLASSES, [BetClass.BIG], '0')).toMatchObject({ ok: false, key: 'room.invalidAmount' });
    expect(checkSlip(CLASSES, [BetClass.BIG], 'abc')).toMatchObject({ ok: false, key: 'room.invalidAmount' });
  });
  it('then checks each class limit and names the class', () => {
    expect(checkSlip(CLASSES, [BetClass.BIG], '5')).toEqual({
      ok: false,
      key: 'room.stakeOutOfRange',
      params: { name: 'Big', min: '10.00', max: '5000.00' },
    });
    expect(checkSlip(CLASSES, [BetClass.BIG, 127], '3000')).toMatchObject({ ok: false, params: { name: 'Sum 27' } });
  });
  it('accepts a valid slip with the stake in cents and every class', () => {
    expect(checkSlip(CLASSES, [BetClass.BIG, BetClass.ODD], '10')).toEqual({
      ok: true,
      amount: 1000,
      playTypes: [BetClass.BIG, BetClass.ODD],
    });
  });
});

describe('toOddsClass', () => {
  it('reads the decimal strings of oddsList into hundredths and cents', () => {
    expect(toOddsClass({ class: 1, class_name: 'Big', odds: '2.00', odds_special: '1.60', min: '10.00', max: '5000.00' })).toEqual({
      classId: 1,
      name: 'Big',
      odds: 200,
      oddsSpecial: 160,
      minStake: 1000,
      maxStake: 500000,
    });
    expect(toOddsClass({ class: 127, class_name: 'Sum 27', odds: '508.00', odds_special: null, min: '10.00', max: '2000.00' })?.oddsSpecial).toBeNull();
  });
  it('drops an unreadable entry', () => {
    expect(toOddsClass({ class: 1, class_name: 'Big', odds: 'x', odds_special: null, min: '10.00', max: '5000.00' })).toBeNull();
  });
  it('puts exact sums on the number tab', () => {
    expect(tabOfClass(1)).toBe('base');
    expect(tabOfClass(33)).toBe('base');
    expect(tabOfClass(100)).toBe('num');
  });
});

describe('offeredAmounts', () => {
  const room = (min: number, max = 500_000) => ({ classId: 1, name: 'Big', odds: 200, oddsSpecial: null, minStake: min, maxStake: max });
  it('offers no chip below the room minimum, and the minimum itself first', () => {
    expect(offeredAmounts([room(1_000)])).toEqual(['10', '50', '300', '500']);
    expect(offeredAmounts([room(10_000)])).toEqual(['100', '300', '500']);
    expect(offeredAmounts([room(1_250), room(5_000)])).toEqual(['12.5', '50', '300', '500']);
    expect(offeredAmounts([room(500, 5_000)])).toEqual(['5', '10', '50']);
  });
  it('opens with the player amount when the room takes it, else the smallest chip', () => {
    expect(amountForRoom('10', ['50', '300'])).toBe('50');
    expect(amountForRoom('80', ['50', '300'])).toBe('80');
    expect(amountForRoom('', ['50', '300'])).toBe('50');
  });
});
