import { describe, expect, it } from 'vitest';
import { trendOf } from './trend.js';

describe('trend labels (docs/product.md#constants-and-game-rules)', () => {
  it('labels totals at the boundaries', () => {
    // [size, parity, combo, extreme]: 1 big 2 small 3 odd 4 even 11 big-odd 12 small-odd
    // 13 big-even 14 small-even 21 extreme big 22 extreme small.
    const table: [number, number, number, number, number | null][] = [
      [0, 2, 4, 14, 22],
      [5, 2, 3, 12, 22],
      [6, 2, 4, 14, null],
      [13, 2, 3, 12, null],
      [14, 1, 4, 13, null],
      [21, 1, 3, 11, null],
      [22, 1, 4, 13, 21],
      [27, 1, 3, 11, 21],
    ];
    for (const [total, size, parity, combo, extreme] of table) {
      expect(trendOf(total), `total ${total}`).toEqual({ size, parity, combo, extreme });
    }
  });

  it('refuses totals outside 0–27', () => {
    expect(() => trendOf(28)).toThrow(RangeError);
    expect(() => trendOf(-1)).toThrow(RangeError);
    expect(() => trendOf(1.5)).toThrow(RangeError);
  });
});
