/**
 * The calendar periods limits are counted over, in the operator's time zone: the day, the week
 * (Monday to Sunday) and the month that contain an instant, and when each ends ("resets").
 */
import type { LimitPeriod } from '@lucky28/shared';
import { zonedParts, zonedTimeToUtc } from '../time.js';

export interface PeriodBounds {
  start: number;
  end: number;
}

/** The day, week and month that contain an instant: the window each limit period counts over. */
export type PeriodWindows = Record<LimitPeriod, PeriodBounds>;

export function periodWindows(now: number, timeZone: string): PeriodWindows {
  const p = zonedParts(now, timeZone);
  const at = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return zonedTimeToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);
  };
  const weekday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7; // Monday 0
  return {
    day: { start: at(p.year, p.month, p.day), end: at(p.year, p.month, p.day + 1) },
    week: { start: at(p.year, p.month, p.day - weekday), end: at(p.year, p.month, p.day - weekday + 7) },
    month: { start: at(p.year, p.month, 1), end: at(p.year, p.month + 1, 1) },
  };
}

export const periodBounds = (period: LimitPeriod, now: number, timeZone: string): PeriodBounds => periodWindows(now, timeZone)[period];

/** "2026-11-25 00:00" in the operator's time zone: the time a refusal names (the same in every language). */
export function localTime(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
