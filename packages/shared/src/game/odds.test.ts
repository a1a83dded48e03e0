import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS } from './betClasses.js';
import { DEFAULT_ODDS, defaultSumOdds, effectiveMinStake, formatOdds, resolveRoomOdds } from './odds.js';

describe('default odds and limits (docs/design.md#the-odds-table)', () => {
  it('covers every class', () => {
    expect([...DEFAULT_ODDS.keys()].sort((a, b) => a - b)).toEqual([...BET_CLASS_IDS].sort((a, b) => a - b));
  });

  it('has the table values', () => {
    const lim5000 = { minStake: 1000, maxStake: 500000 };
    const lim2000 = { minStake: 1000, maxStake: 200000 };
    expect(DEFAULT_ODDS.get(1)).toEqual({ odds: 200, oddsSpecial: 160, ...lim5000 });
    expect(DEFAULT_ODDS.get(2)).toEqual({ odds: 200, oddsSpecial: 160, ...lim5000 });
    expect(DEFAULT_ODDS.get(3)).toEqual({ odds: 200, oddsSpecial: 160, ...lim5000 });
    expect(DEFAULT_ODDS.get(4)).toEqual({ odds: 200, oddsSpecial: 160, ...lim5000 });
    expect(DEFAULT_ODDS.get(11)).toEqual({ odds: 420, oddsSpecial: null, ...lim5000 });
    expect(DEFAULT_ODDS.get(14)).toEqual({ odds: 420, oddsSpecial: null, ...lim5000 });
    expect(DEFAULT_ODDS.get(12)).toEqual({ odds: 460, oddsSpecial: 100, ...lim5000 });
    expect(DEFAULT_ODDS.get(13)).toEqual({ odds: 460, oddsSpecial: 100, ...lim5000 });
    expect(DEFAULT_ODDS.get(21)).toEqual({ odds: 1500, oddsSpecial: null, ...lim5000 });
    expect(DEFAULT_ODDS.get(22)).toEqual({ odds: 1500, oddsSpecial: null, ...lim5000 });
    expect(DEFAULT_ODDS.get(31)).toEqual({ odds: 9000, oddsSpecial: null, ...lim2000 });
    expect(DEFAULT_ODDS.get(32)).toEqual({ odds: 1500, oddsSpecial: null, ...lim2000 });
    expect(DEFAULT_ODDS.get(33)).toEqual({ odds: 350, oddsSpecial: null, ...lim5000 });
    const spec = [508, 188, 108, 68, 48, 40, 28, 22, 15, 15, 14, 14, 12, 12];
    for (let n = 0; n <= 27; n++) {
      const expected = spec[Math.min(n, 27 - n)]! * 100;
      expect(defaultSumOdds(n)).toBe(expected);
      expect(DEFAULT_ODDS.get(100 + n)).toEqual({ odds: expected, oddsSpecial: null, ...lim2000 });
    }
    expect(() => defaultSumOdds(28)).toThrow(RangeError);
  });

  it('formats hundredths for display', () => {
    expect(formatOdds(200)).toBe('2.00');
    expect(formatOdds(160)).toBe('1.60');
    expect(formatOdds(350)).toBe('3.50');
    expect(formatOdds(50800)).toBe('508.00');
    expect(formatOdds(5)).toBe('0.05');
  });
});

describe('room overrides', () => {
  it('no override = the defaults', () => {
    expect(resolveRoomOdds(null)).toEqual(new Map(DEFAULT_ODDS));
    expect(resolveRoomOdds(undefined).size).toBe(41);
  });

  it('overrides odds, special odds and limits per class, and can disable a class', () => {
    const t = resolveRoomOdds({
      '1': { odds: 195, odds_special: null },
      '33': { min: 500, max: 100000 },
      '31': { enabled: false },
    });
    expect(t.get(1)).toEqual({ odds: 195, oddsSpecial: null, minStake: 1000, maxStake: 500000 });
    expect(t.get(33)).toEqual({ odds: 350, oddsSpecial: null, minStake: 500, maxStake: 100000 });
    expect(t.has(31)).toBe(false);
    expect(t.get(2)).toEqual(DEFAULT_ODDS.get(2));
    // Defaults are not mutated.
    expect(DEFAULT_ODDS.get(1)?.odds).toBe(200);
  });

  it('refuses malformed overrides instead of guessing', () => {
    expect(() => resolveRoomOdds({ '5': { odds: 200 } })).toThrow(RangeError);
    expect(() => resolveRoomOdds({ '1': { odds: 1.5 } })).toThrow(RangeError);
    expect(() => resolveRoomOdds({ '1': { odds: '200' } })).toThrow(RangeError);
    expect(() => resolveRoomOdds({ '1': { min: 600000 } })).toThrow(RangeError);
    expect(() => resolveRoomOdds({ '1': 3 })).toThrow(RangeError);
    expect(() => resolveRoomOdds([1])).toThrow(RangeError);
  });
});

describe('effective minimum stake', () => {
  it('is the class minimum raised to the room minimum', () => {
    const big = DEFAULT_ODDS.get(1)!;
    expect(effectiveMinStake(big, 0)).toBe(1000);
    expect(effectiveMinStake(big, 500)).toBe(1000);
    expect(effectiveMinStake(big, 10_000)).toBe(10_000);
  });
});
