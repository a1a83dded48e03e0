/**
 * Statistical check of the draw on 100,000 rounds from a fixed seed (the rounds walk a hash chain
 * from it, with their own issue numbers, as real rounds do). Significance level 0.001 per test;
 * the critical values are scipy.stats.chi2.isf(0.001, df). The run is deterministic, so the test
 * cannot flake: it fails only if the algorithm changes into one these statistics reject.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveDraw, digitsOf } from './draw.js';
import { nextInChain } from './hashChain.js';

const ROUNDS = 100_000;
const FIXED_SEED = 'c0ffee0000000000000000000000000000000000000000000000000000c0ffee';
const CRITICAL_0_001 = { 9: 27.877, 27: 55.476, 79: 123.594 } as const;

/**
 * Chi-square of number frequencies for draws of 20 of 80 without replacement. Per draw, each
 * number's indicator has variance p(1−p) (p = 1/4) and covariance −p(1−p)/79 with every other, so
 * Σ (O−E)² / (n·p(1−p)·80/79) follows χ² with 79 degrees of freedom (plain Pearson would
 * understate it by the factor (1−p)·80/79).
 */
function numberFrequencyStatistic(counts: number[], draws: number): number {
  const p = 20 / 80;
  const expected = draws * p;
  const scale = draws * p * (1 - p) * (80 / 79);
  return counts.reduce((s, o) => s + (o - expected) ** 2 / scale, 0);
}

/** Pearson chi-square against expected probabilities. */
function pearson(counts: number[], probabilities: number[], n: number): number {
  return counts.reduce((s, o, i) => {
    const e = n * probabilities[i]!;
    return s + (o - e) ** 2 / e;
  }, 0);
}

/** P(total = t) for three independent uniform digits: the number of triples with that sum / 1000. */
function totalProbabilities(): number[] {
  const ways = new Array<number>(28).fill(0);
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) ways[a + b + c]! += 1;
  return ways.map((w) => w / 1000);
}

describe('100,000 draws from a fixed seed', () => {
  const numberCounts = new Array<number>(81).fill(0);
  const totalCounts = new Array<number>(28).fill(0);
  const digitCounts = [0, 1, 2].map(() => new Array<number>(10).fill(0));
  beforeAll(() => {
    let seed = FIXED_SEED;
    for (let r = 0; r < ROUNDS; r++) {
      const { numbers, digits, total } = deriveDraw(seed, 7, String(20250101000 + r));
      for (const n of numbers) numberCounts[n]! += 1;
      totalCounts[total]! += 1;
      digits.forEach((d, i) => (digitCounts[i]![d]! += 1));
      seed = nextInChain(seed);
    }
  }, 60_000);

  it('draws every number 1–80 equally often (χ², 79 df)', () => {
    expect(numberCounts[0]).toBe(0);
    expect(numberCounts.reduce((a, b) => a + b, 0)).toBe(ROUNDS * 20);
    const stat = numberFrequencyStatistic(numberCounts.slice(1), ROUNDS);
    expect(stat).toBeLessThan(CRITICAL_0_001[79]);
  });

  it('gives totals distributed as the sum of three uniform digits (χ², 27 df)', () => {
    const stat = pearson(totalCounts, totalProbabilities(), ROUNDS);
    expect(stat).toBeLessThan(CRITICAL_0_001[27]);
  });

  it('gives uniform digits in each position (χ², 9 df)', () => {
    for (const counts of digitCounts) {
      expect(pearson(counts, new Array<number>(10).fill(0.1), ROUNDS)).toBeLessThan(CRITICAL_0_001[9]);
    }
  });

  it('the statistics do reject a biased draw (one that never draws 80, or digits skewed to 0)', () => {
    const biasedNumbers = [...numberCounts.slice(1, 80), 0];
    biasedNumbers[0]! += numberCounts[80]!;
    expect(numberFrequencyStatistic(biasedNumbers, ROUNDS)).toBeGreaterThan(CRITICAL_0_001[79]);
    // Digits of 20 consecutive numbers from a random start: a plausible-looking but wrong draw.
    const skewed = new Array<number>(10).fill(0);
    for (let r = 0; r < 10_000; r++) {
      const start = 1 + (r % 61);
      skewed[digitsOf(Array.from({ length: 20 }, (_, i) => start + i))[0]]! += 1;
    }
    expect(pearson(skewed, new Array<number>(10).fill(0.1), 10_000)).toBeGreaterThan(CRITICAL_0_001[9]);
  });
});
