import { AppError } from '../errors.js';
import { zonedDate, zonedDayRange } from '../domain/time.js';

/**
 * `begin_date` / `end_date` ("YYYY-MM-DD", local to the operator's time zone) as used by the history
 * lists; each defaults to today when empty (docs/product.md#validation-rules). Returns [from, toExclusive) in ms.
 */
export function parseDateRange(params: { begin_date?: string; end_date?: string }, now: number, timeZone: string): { from: number; to: number } {
  const today = zonedDate(now, timeZone);
  const begin = zonedDayRange(params.begin_date ?? today, timeZone);
  if (!begin) throw new AppError('err.date_invalid', { field: 'begin_date' });
  const end = zonedDayRange(params.end_date ?? today, timeZone);
  if (!end) throw new AppError('err.date_invalid', { field: 'end_date' });
  if (begin[0] > end[0]) throw new AppError('err.date_range_invalid', { field: 'begin_date' });
  return { from: begin[0], to: end[1] };
}

/** The last `days` days up to today in the operator's time zone, as the dates parseDateRange takes. */
export function lastDaysRange(days: number, now: number, timeZone: string): { begin_date: string; end_date: string } {
  const today = zonedDate(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // Calendar arithmetic on the date itself (a day is not always 24 hours in the zone).
  return { begin_date: new Date(Date.UTC(y, m - 1, d - (days - 1))).toISOString().slice(0, 10), end_date: today };
}

/**
 * An open-ended period of whole days ("YYYY-MM-DD", operator time zone, both inclusive), for a list's
 * filters: either end may be missing (no bound). Returns [from, toExclusive) in ms, each undefined when
 * not given; refuses an impossible date, or a start after the end, naming the field.
 */
export function optionalDayBounds(
  begin: { field: string; date?: string },
  end: { field: string; date?: string },
  timeZone: string,
): { from?: number; to?: number } {
  const b = begin.date === undefined ? undefined : zonedDayRange(begin.date, timeZone);
  if (b === null) throw new AppError('err.date_invalid', { field: begin.field });
  const e = end.date === undefined ? undefined : zonedDayRange(end.date, timeZone);
  if (e === null) throw new AppError('err.date_invalid', { field: end.field });
  if (b && e && b[0] > e[0]) throw new AppError('err.date_range_invalid', { field: begin.field });
  return { from: b?.[0], to: e?.[1] };
}
