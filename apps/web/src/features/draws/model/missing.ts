/**
 * The missing-counts table of the trend screen (docs/statistics.md): the base classes in the trend's
 * order, and the totals 0–27 in two halves side by side, so the table fits 320 px.
 */
import { isSumClassId } from '@lucky28/shared/game';
import type { DrawStatistics } from '@lucky28/shared/schemas';

export type MissingEntry = DrawStatistics['missing'][number];

export interface MissingTable {
  classes: MissingEntry[];
  /** Row i: total i and total i + 14. */
  totalRows: [MissingEntry | undefined, MissingEntry | undefined][];
}

export function missingTable(stats: DrawStatistics): MissingTable {
  const totals = stats.missing.filter((m) => isSumClassId(m.class)).sort((a, b) => (a.total ?? 0) - (b.total ?? 0));
  const half = Math.ceil(totals.length / 2);
  return {
    classes: stats.missing.filter((m) => !isSumClassId(m.class)),
    totalRows: Array.from({ length: half }, (_, i) => [totals[i], totals[i + half]]),
  };
}
