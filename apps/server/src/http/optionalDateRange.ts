import { AppError } from '../errors.js';
import { zonedDayRange } from '../domain/time.js';

/**
 * Optional `begin_date` / `end_date` ("YYYY-MM-DD" in the operator's time zone) for operator filters:
 * each bound applies only when given. Returns ms bounds [from, toExclusive), either may be undefined.
 */
export function optionalDateRange(params: { begin_date?: string; end_date?: string }, timeZone: string): { from: number | undefined; to: number | undefined } {
  const begin = params.begin_date ? zonedDayRange(params.begin_date, timeZone) : undefined;
  if (begin === null) throw new AppError('err.date_invalid', { field: 'begin_date' });
  const end = params.end_date ? zonedDayRange(params.end_date, timeZone) : undefined;
  if (end === null) throw new AppError('err.date_invalid', { field: 'end_date' });
  if (begin && end && begin[0] > end[0]) throw new AppError('err.date_range_invalid', { field: 'begin_date' });
  return { from: begin?.[0], to: end?.[1] };
}
