/** Operator-day arithmetic for rewards: dates as "YYYY-MM-DD" in the operator's time zone. */
import { zonedDate, zonedDayRange } from '../time.js';

/** The date `days` days after (negative: before) `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const today = (now: number, timeZone: string) => zonedDate(now, timeZone);

/** [start, end) of an operator-day, ms. */
export function dayBounds(date: string, timeZone: string): [number, number] {
  const range = zonedDayRange(date, timeZone);
  if (!range) throw new Error(`not a date: ${date}`);
  return range;
}
