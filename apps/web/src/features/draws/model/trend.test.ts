import { describe, expect, it } from 'vitest';
import { BetClass } from '@lucky28/shared/game';
import { trendCounts, trendRows } from './trend';

const draw = (issue: string, digits: [number, number, number]) => ({ issue, digits, total: digits[0] + digits[1] + digits[2] });

describe('trendRows', () => {
  it('labels each draw with the shared trend rules', () => {
    const rows = trendRows([draw('3', [9, 9, 9]), draw('2', [4, 5, 4]), draw('1', [0, 0, 0])]);
    expect(rows[0]!.labels).toEqual({ size: BetClass.BIG, parity: BetClass.ODD, combo: BetClass.BIG_ODD, extreme: BetClass.EXTREME_BIG });
    expect(rows[1]!.labels).toEqual({ size: BetClass.SMALL, parity: BetClass.ODD, combo: BetClass.SMALL_ODD, extreme: null });
    expect(rows[2]!.labels.extreme).toBe(BetClass.EXTREME_SMALL);
  });
  it('keeps at most 100 draws', () => {
    const many = Array.from({ length: 150 }, (_, i) => draw(String(i), [1, 2, 3]));
    expect(trendRows(many)).toHaveLength(100);
  });
  it('counts labels over the rows', () => {
    const rows = trendRows([draw('3', [9, 9, 9]), draw('2', [4, 5, 4]), draw('1', [0, 0, 0]), draw('0', [7, 7, 0])]);
    expect(trendCounts(rows)).toEqual({ big: 2, small: 2, odd: 2, even: 2, extremeBig: 1, extremeSmall: 1 });
  });
});
