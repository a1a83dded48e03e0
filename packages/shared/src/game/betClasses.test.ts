import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, BET_CLASSES, BetClass, betClass, classWins, isBetClassId, isSumClassId, SUM_CLASS_BASE } from './betClasses.js';
import { isPair, isStraight, isTriple } from './patterns.js';

describe('bet classes (docs/design.md#bet-classes)', () => {
  it('has the 41 stable ids', () => {
    const base = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 31, 32, 33];
    const sums = Array.from({ length: 28 }, (_, n) => 100 + n);
    expect(BET_CLASS_IDS).toEqual([...base, ...sums]);
    expect(BET_CLASSES.filter((c) => c.kind === 'base').map((c) => c.id)).toEqual(base);
    expect(BET_CLASSES.filter((c) => c.kind === 'sum').map((c) => c.sum)).toEqual(sums.map((s) => s - 100));
  });

  it('gives every class a localisable name key', () => {
    expect(betClass(BetClass.BIG)?.nameKey).toBe('class.big');
    expect(betClass(BetClass.SMALL_EVEN)?.nameKey).toBe('class.smallEven');
    expect(betClass(BetClass.PAIR)?.nameKey).toBe('class.pair');
    expect(betClass(113)).toMatchObject({ nameKey: 'class.sum', sum: 13 });
    const keys = new Set(BET_CLASSES.filter((c) => c.kind === 'base').map((c) => c.nameKey));
    expect(keys.size).toBe(13);
  });

  it('knows which ids exist', () => {
    expect(isBetClassId(1)).toBe(true);
    expect(isBetClassId(127)).toBe(true);
    expect(isBetClassId(5)).toBe(false);
    expect(isBetClassId(128)).toBe(false);
    expect(isBetClassId('1')).toBe(false);
    expect(betClass(99)).toBeUndefined();
    expect(classWins(99, [0, 0, 0])).toBe(false);
  });
});

describe('digit patterns', () => {
  it('triple: all three equal', () => {
    expect(isTriple([0, 0, 0])).toBe(true);
    expect(isTriple([9, 9, 9])).toBe(true);
    expect(isTriple([9, 9, 8])).toBe(false);
  });

  it('pair: exactly two equal (a triple is not a pair)', () => {
    expect(isPair([4, 4, 5])).toBe(true);
    expect(isPair([4, 5, 4])).toBe(true);
    expect(isPair([5, 4, 4])).toBe(true);
    expect(isPair([0, 0, 0])).toBe(false);
    expect(isPair([1, 2, 3])).toBe(false);
  });

  it('straight: three consecutive digits in any order, 8-9-0 and 9-0-1 included', () => {
    expect(isStraight([1, 2, 3])).toBe(true);
    expect(isStraight([3, 1, 2])).toBe(true);
    expect(isStraight([7, 8, 9])).toBe(true);
    expect(isStraight([8, 9, 0])).toBe(true);
    expect(isStraight([0, 9, 8])).toBe(true);
    expect(isStraight([9, 0, 1])).toBe(true);
    expect(isStraight([1, 0, 9])).toBe(true);
    expect(isStraight([0, 1, 2])).toBe(true);
    expect(isStraight([9, 1, 2])).toBe(false);
    expect(isStraight([0, 2, 4])).toBe(false);
    expect(isStraight([1, 1, 2])).toBe(false);
    expect(isStraight([0, 0, 0])).toBe(false);
  });

  it('counts 10 triples, 60 straights and 270 pairs among the 1,000 digit triples', () => {
    let triples = 0;
    let straights = 0;
    let pairs = 0;
    for (let a = 0; a < 10; a++)
      for (let b = 0; b < 10; b++)
        for (let c = 0; c < 10; c++) {
          triples += Number(isTriple([a, b, c]));
          straights += Number(isStraight([a, b, c]));
          pairs += Number(isPair([a, b, c]));
        }
    expect([triples, straights, pairs]).toEqual([10, 60, 270]);
  });
});

describe('sum class range', () => {
  it('puts 100 and above in the exact sums, the rest in the base classes', () => {
    expect(BET_CLASSES.filter((c) => isSumClassId(c.id)).every((c) => c.kind === 'sum')).toBe(true);
    expect(BET_CLASSES.filter((c) => !isSumClassId(c.id)).every((c) => c.kind === 'base')).toBe(true);
    expect(isSumClassId(SUM_CLASS_BASE)).toBe(true);
    expect(isSumClassId(BetClass.PAIR)).toBe(false);
  });
});
