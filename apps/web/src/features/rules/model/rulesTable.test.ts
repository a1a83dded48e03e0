import { describe, expect, it } from 'vitest';
import { BET_CLASSES, BetClass, DEFAULT_ODDS } from '@lucky28/shared/game';
import { ruleGroups, ruleRow, rtpPercent, rtpRange } from './rulesTable';
import type { OddsClass } from '../../../lib/oddsClass';

const defaults: OddsClass[] = BET_CLASSES.map((c) => {
  const d = DEFAULT_ODDS.get(c.id)!;
  return { classId: c.id, name: `c${c.id}`, odds: d.odds, oddsSpecial: d.oddsSpecial, minStake: d.minStake, maxStake: d.maxStake };
});
const byId = (id: number) => defaults.find((c) => c.classId === id)!;

describe('rules table', () => {
  it('shows the return to player of docs/design.md#return-to-player for the default odds', () => {
    expect(rtpPercent(byId(BetClass.BIG))).toBe('97.00');
    expect(rtpPercent(byId(BetClass.BIG_ODD))).toBe('97.02');
    expect(rtpPercent(byId(BetClass.SMALL_ODD))).toBe('96.74');
    expect(rtpPercent(byId(BetClass.EXTREME_BIG))).toBe('84.00');
    expect(rtpPercent(byId(BetClass.TRIPLE))).toBe('90.00');
    expect(rtpPercent(byId(BetClass.STRAIGHT))).toBe('90.00');
    expect(rtpPercent(byId(BetClass.PAIR))).toBe('94.50');
    expect(rtpPercent(byId(100))).toBe('50.80');
  });
  it('follows the room: other odds give another return to player', () => {
    const custom = { ...byId(BetClass.BIG), odds: 190, oddsSpecial: null };
    expect(ruleRow(custom)).toMatchObject({ odds: '1.90', oddsSpecial: null, rtp: '95.00' });
  });
  it('formats odds, the 13/14 odds and the stake limits', () => {
    expect(ruleRow(byId(BetClass.BIG))).toEqual({
      classId: 1,
      name: 'c1',
      odds: '2.00',
      oddsSpecial: '1.60',
      limits: '10.00 – 5000.00',
      rtp: '97.00',
    });
    expect(ruleRow(byId(127)).limits).toBe('10.00 – 2000.00');
  });
  it('groups rows in page order and leaves disabled classes out', () => {
    const groups = ruleGroups(defaults.filter((c) => c.classId !== BetClass.PAIR));
    expect(groups.map((g) => g.group)).toEqual(['sizeParity', 'combo', 'extreme', 'pattern', 'sum']);
    expect(groups[3]!.rows.map((r) => r.classId)).toEqual([31, 32]);
    expect(groups[4]!.rows).toHaveLength(28);
    expect(rtpRange(groups[4]!.rows)).toEqual({ min: '50.80', max: '96.60' });
  });
});
