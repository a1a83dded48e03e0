import type { CandleEntry } from '@lucky28/shared/schemas';

/**
 * `Lottery/cand` → candlestick series. The server computes each candle from real draws only (a
 * window of the last 5 totals: open = the window's first total, close = this draw's total, low /
 * high = the window's extremes) and sends `cand` as [open, close, low, high], oldest first.
 * The chart's time axis is the draw sequence: candle i sits at time i + 1 and its label is the issue.
 */
export interface CandlePoint {
  /** Sequence position used as the chart's time value (strictly increasing). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  issue: string;
}

export function toCandles(entries: readonly CandleEntry[]): CandlePoint[] {
  const out: CandlePoint[] = [];
  for (const e of entries) {
    const [open, close, low, high] = e.cand;
    if (open === undefined || close === undefined || low === undefined || high === undefined) continue;
    out.push({ time: out.length + 1, open, high, low, close, issue: e.issue });
  }
  return out;
}

/** Label for a time value on the axis: the round's issue, shortened to its sequence part. */
export function issueLabel(points: readonly CandlePoint[], time: number, short = true): string {
  const issue = points[time - 1]?.issue ?? '';
  return short && issue.length > 8 ? issue.slice(8) : issue;
}
