/**
 * Missing counts and runs (drawStatistics.ts) against a brute-force count over generated draws: for
 * each class, the positions of the draws it came in, and from them the gaps, the last one and the
 * run at the end, counted directly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseOptions } from '../testing/depth.js';
import { BetClass, classWins, SUM_CLASS_BASE } from './betClasses.js';
import type { Digits } from './draw.js';
import { drawStatistics, STATISTIC_CLASS_IDS, type ClassStatistic } from './drawStatistics.js';

const RUNS = caseOptions({ deep: 400, quick: 100 });

const digit = fc.integer({ min: 0, max: 9 });
const digits = fc.tuple(digit, digit, digit) as fc.Arbitrary<Digits>;
/** Draws skewed towards few totals now and then, so long runs and long absences both happen. */
const draws = fc.oneof(
  fc.array(digits, { maxLength: 300 }),
  fc.array(fc.constantFrom<Digits>([0, 0, 0], [9, 9, 9], [1, 2, 3], [5, 5, 4], [0, 1, 0]), { maxLength: 60 }),
);

function bruteForce(list: readonly Digits[], classId: number): ClassStatistic {
  const came = list.flatMap((d, i) => (classWins(classId, d) ? [i + 1] : []));
  const bounds = [0, ...came, list.length + 1];
  let longestAbsence = 0;
  for (let k = 1; k < bounds.length; k++) longestAbsence = Math.max(longestAbsence, bounds[k]! - bounds[k - 1]! - 1);
  const lastIndex = came.length > 0 ? came[came.length - 1]! : null;
  let currentRun = 0;
  while (currentRun < list.length && classWins(classId, list[list.length - 1 - currentRun]!)) currentRun++;
  return { classId, lastIndex, currentAbsence: list.length - (lastIndex ?? 0), longestAbsence, currentRun };
}

describe('drawStatistics', () => {
  it('equals a brute-force count for every class over generated draws', () => {
    fc.assert(
      fc.property(draws, (list) => {
        expect(drawStatistics(list)).toEqual(STATISTIC_CLASS_IDS.map((id) => bruteForce(list, id)));
      }),
      RUNS,
    );
  });

  it('counts the exact totals 0–27 and every base class', () => {
    const ids = new Set(STATISTIC_CLASS_IDS);
    for (let t = 0; t <= 27; t++) expect(ids.has(SUM_CLASS_BASE + t)).toBe(true);
    for (const id of Object.values(BetClass)) expect(ids.has(id)).toBe(true);
  });

  it('a worked example: big, big, small', () => {
    const stats = drawStatistics([
      [9, 9, 1],
      [8, 8, 8],
      [0, 0, 1],
    ]);
    const of = (id: number) => stats.find((s) => s.classId === id)!;
    expect(of(BetClass.BIG)).toEqual({ classId: BetClass.BIG, lastIndex: 2, currentAbsence: 1, longestAbsence: 1, currentRun: 0 });
    expect(of(BetClass.SMALL)).toEqual({ classId: BetClass.SMALL, lastIndex: 3, currentAbsence: 0, longestAbsence: 2, currentRun: 1 });
    expect(of(SUM_CLASS_BASE + 24)).toEqual({ classId: SUM_CLASS_BASE + 24, lastIndex: 2, currentAbsence: 1, longestAbsence: 1, currentRun: 0 });
    expect(of(SUM_CLASS_BASE + 27)).toMatchObject({ lastIndex: null, currentAbsence: 3, longestAbsence: 3 });
  });
});
