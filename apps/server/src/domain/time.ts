/**
 * Calendar arithmetic in the operator's time zone (default Asia/Shanghai), without a date library:
 * day boundaries for "today's profit" and date-range filters, and dates for issue numbers.
 */
export { zonedParts, type ZonedParts } from '@lucky28/shared';
import { zonedParts } from '@lucky28/shared';

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant at which a local wall-clock time happens in the zone. */
export function zonedTimeToUtc(year: number, month: number, day: number, timeZone: string, hour = 0, minute = 0): number {
  const local = Date.UTC(year, month - 1, day, hour, minute);
  let guess = local - offsetAt(local, timeZone);
  guess = local - offsetAt(guess, timeZone);
  return guess;
}

/** Start of the local day containing `ms`. */
export function zonedDayStart(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  return zonedTimeToUtc(p.year, p.month, p.day, timeZone);
}

/** "2026-11-22" for the local day containing `ms`. */
export function zonedDate(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses "YYYY-MM-DD" into [start of that local day, start of the next), or null. */
export function zonedDayRange(date: string, timeZone: string): [number, number] | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const start = zonedTimeToUtc(y, mo, d, timeZone);
  const next = new Date(Date.UTC(y, mo - 1, d + 1));
  return [start, zonedTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone)];
}
