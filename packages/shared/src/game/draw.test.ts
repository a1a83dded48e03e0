import { describe, expect, it } from 'vitest';
import golden from './fixtures/goldenVectors.json';
import { deriveDraw, digitOfPosition, digitsOf, drawNumbers, totalOf, uniformBelow } from './draw.js';
import { DrawByteStream, streamMessage } from './drawStream.js';

describe('draw derivation (docs/design.md#from-seed-to-numbers)', () => {
  it.each(golden.rounds.map((r) => [`${r.gameId}:${r.issue}`, r] as const))('matches the golden vector %s', (_, r) => {
    const result = deriveDraw(r.seed, r.gameId, r.issue);
    expect(result.numbers).toEqual(r.numbers);
    expect(result.digits).toEqual(r.digits);
    expect(result.total).toBe(r.total);
  });

  it('uses as many HMAC blocks as the golden vectors say', () => {
    for (const r of golden.rounds) {
      const stream = new DrawByteStream(r.seed, r.gameId, r.issue);
      for (let i = 79; i >= 60; i--) uniformBelow(stream, i + 1);
      expect(stream.blocksUsed).toBe(r.hmacBlocks);
    }
  });

  it('depends on the game id and the issue, not only on the seed', () => {
    const seed = golden.rounds[0]!.seed;
    const a = drawNumbers(seed, 7, '20250101001');
    expect(drawNumbers(seed, 6, '20250101001')).not.toEqual(a);
    expect(drawNumbers(seed, 7, '20250101002')).not.toEqual(a);
    expect(drawNumbers(seed, 7, '20250101001')).toEqual(a);
  });

  it('always gives 20 distinct ascending numbers of 1–80', () => {
    for (const r of golden.rounds) {
      const n = drawNumbers(r.seed, r.gameId, r.issue);
      expect(n).toHaveLength(20);
      expect(new Set(n).size).toBe(20);
      for (let i = 0; i < 20; i++) {
        expect(n[i]).toBeGreaterThanOrEqual(1);
        expect(n[i]).toBeLessThanOrEqual(80);
        if (i > 0) expect(n[i]).toBeGreaterThan(n[i - 1]!);
      }
    }
  });

  it('builds the HMAC message as <gameId>:<issue>:<counter> in decimal and refuses other issues', () => {
    expect(streamMessage(7, '20250101001', 2)).toBe('7:20250101001:2');
    expect(() => new DrawByteStream(golden.chain.c0, 7, '2025-01-01')).toThrow(RangeError);
  });

  it('reads big-endian u32 values, spanning HMAC block boundaries', () => {
    const stream = new DrawByteStream(golden.chain.c0, 1, '1');
    const bytes: number[] = [];
    const copy = new DrawByteStream(golden.chain.c0, 1, '1');
    for (let i = 0; i < 40; i++) bytes.push(copy.nextByte());
    for (let i = 0; i < 10; i++) {
      const [a, b, c, d] = bytes.slice(i * 4, i * 4 + 4) as [number, number, number, number];
      expect(stream.nextU32()).toBe(((a << 24) >>> 0) + (b << 16) + (c << 8) + d);
    }
    expect(stream.blocksUsed).toBe(2);
  });
});

describe('rejection sampling', () => {
  const fake = (values: number[]) => ({ nextU32: () => values.shift() ?? Number.NaN });

  it('rejects values at or above 2^32 − (2^32 mod m) and takes the next one', () => {
    // 2^32 mod 80 = 16, so the limit is 2^32 − 16 = 4294967280.
    expect(uniformBelow(fake([4294967280, 4294967295, 165]), 80)).toBe(5);
    expect(uniformBelow(fake([4294967279]), 80)).toBe(4294967279 % 80);
    // 2^32 mod 61 = 57 → limit 4294967239.
    expect(uniformBelow(fake([4294967239, 61 * 3 + 7]), 61)).toBe(7);
    expect(uniformBelow(fake([4294967238]), 61)).toBe(60);
  });

  it('never rejects when m is a power of two', () => {
    expect(uniformBelow(fake([4294967295]), 64)).toBe(63);
  });
});

describe('digits and total', () => {
  it('takes the last digit of the sums of numbers 1–6, 7–13 and 14–20', () => {
    const numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 80];
    // 1..6 = 21 → 1; 7..13 = 70 → 0; 14..19 + 80 = 179 → 9.
    expect(digitsOf(numbers)).toEqual([1, 0, 9]);
    expect(totalOf([1, 0, 9])).toBe(10);
    // Order of the input does not matter: digits are taken from the sorted numbers.
    expect(digitsOf([...numbers].reverse())).toEqual([1, 0, 9]);
    expect(() => digitsOf(numbers.slice(1))).toThrow(RangeError);
  });

  it('names the digit each of the 20 ascending numbers counts towards, as digitsOf sums them', () => {
    const groups = Array.from({ length: 20 }, (_, i) => digitOfPosition(i));
    expect(groups).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2]);
    for (const round of golden.rounds) {
      const sums = [0, 0, 0];
      round.numbers.forEach((n, i) => (sums[digitOfPosition(i)]! += n));
      expect(sums.map((s) => s % 10)).toEqual(round.digits);
    }
  });
});
