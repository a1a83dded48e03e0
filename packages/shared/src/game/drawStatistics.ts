/**
 * Missing counts and runs of a game's draws (docs/statistics.md): for every bet class — the exact
 * totals 0–27 among them — how many draws since it last came, its longest absence and how many of
 * the latest draws in a row it came in. Counted over a game's own drawn rounds in the order they
 * were drawn; each draw is independent, so none of this says anything about the next one.
 */
import { BET_CLASS_IDS, BetClass, classWins } from './betClasses.js';
import type { Digits } from './draw.js';

export interface ClassStatistic {
  classId: number;
  /** Position (1 = the first draw counted) of the last draw the class came in; null = never yet. */
  lastIndex: number | null;
  /** Draws since it last came (every draw counted when it never came). */
  currentAbsence: number;
  /** The most draws in a row without it, the current absence included. */
  longestAbsence: number;
  /** How many of the latest draws in a row it came in (0 when the latest did not have it). */
  currentRun: number;
}

/** Every class is counted: the base classes, then the exact totals 0–27. */
export const STATISTIC_CLASS_IDS: readonly number[] = BET_CLASS_IDS;

/** The classes whose current run the trend shows: size, parity, the four combinations and the extremes. */
export const RUN_CLASS_IDS: readonly number[] = [
  BetClass.BIG,
  BetClass.SMALL,
  BetClass.ODD,
  BetClass.EVEN,
  BetClass.BIG_ODD,
  BetClass.SMALL_ODD,
  BetClass.BIG_EVEN,
  BetClass.SMALL_EVEN,
  BetClass.EXTREME_BIG,
  BetClass.EXTREME_SMALL,
];

/** The statistics before any draw. */
export function emptyStatistics(): ClassStatistic[] {
  return STATISTIC_CLASS_IDS.map((classId) => ({ classId, lastIndex: null, currentAbsence: 0, longestAbsence: 0, currentRun: 0 }));
}

/** One class's statistic after one more draw, the `index`-th counted; the server's SQL applies the same step. */
export function advanceStatistic(s: ClassStatistic, came: boolean, index: number): ClassStatistic {
  if (came) return { ...s, lastIndex: index, currentAbsence: 0, currentRun: s.currentRun + 1 };
  const currentAbsence = s.currentAbsence + 1;
  return { ...s, currentAbsence, longestAbsence: Math.max(s.longestAbsence, currentAbsence), currentRun: 0 };
}

/** The statistics of a list of draws, oldest first. */
export function drawStatistics(drawsOldestFirst: readonly Digits[]): ClassStatistic[] {
  let stats = emptyStatistics();
  drawsOldestFirst.forEach((digits, i) => {
    stats = stats.map((s) => advanceStatistic(s, classWins(s.classId, digits), i + 1));
  });
  return stats;
}
