/**
 * Rows of the trend table (docs/product.md#constants-and-game-rules): one per draw, with the labels of packages/shared's trendOf —
 * size, parity, the size/parity combination and the extreme tag. Never re-derives a rule here.
 */
import { trendOf, type TrendLabels } from '@lucky28/shared/game';

export const TREND_MAX_ROWS = 100;

export interface DrawLike {
  issue: string;
  digits: readonly [number, number, number];
  total: number;
}

export interface TrendRow extends DrawLike {
  labels: TrendLabels;
}

export function trendRows(draws: readonly DrawLike[], max: number = TREND_MAX_ROWS): TrendRow[] {
  return draws.slice(0, max).map((d) => ({ ...d, labels: trendOf(d.total) }));
}

export interface TrendCounts {
  big: number;
  small: number;
  odd: number;
  even: number;
  extremeBig: number;
  extremeSmall: number;
}

/** How often each label occurred in the rows shown (a real count over real draws). */
export function trendCounts(rows: readonly TrendRow[]): TrendCounts {
  const c: TrendCounts = { big: 0, small: 0, odd: 0, even: 0, extremeBig: 0, extremeSmall: 0 };
  for (const r of rows) {
    if (r.labels.size === 1) c.big++;
    else c.small++;
    if (r.labels.parity === 3) c.odd++;
    else c.even++;
    if (r.labels.extreme === 21) c.extremeBig++;
    if (r.labels.extreme === 22) c.extremeSmall++;
  }
  return c;
}
