/**
 * One time zone for dates: the server's "today" and its date filters are the
 * operator's zone (`TIME_ZONE`, answered by `Lottery/index` as `time_zone`), so the app's date
 * pickers, presets and list times use that zone too, never the device's.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_FORMAT = 'YYYY-MM-DD';

/** A history list's date range, "YYYY-MM-DD" each in the operator's zone; empty means today (the server's default). */
export interface DateRange {
  begin: string;
  end: string;
}

export const DATE_PRESETS = ['today', 'yesterday', 'week', 'month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The device's own zone: used only until the operator's zone is known. */
export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The calendar date ("YYYY-MM-DD") in `zone` at `ms`. */
export const dateInZone = (ms: number, zone: string): string => dayjs(ms).tz(zone).format(DATE_FORMAT);

/** A calendar date moved by whole days (no zone involved). */
export const shiftDate = (date: string, days: number): string => dayjs.utc(date).add(days, 'day').format(DATE_FORMAT);

/** The range a preset stands for, counted back from the operator's `today` (7 and 30 days include today). */
export function presetRange(preset: DatePreset, today: string): DateRange {
  switch (preset) {
    case 'today':
      return { begin: today, end: today };
    case 'yesterday': {
      const y = shiftDate(today, -1);
      return { begin: y, end: y };
    }
    case 'week':
      return { begin: shiftDate(today, -6), end: today };
    case 'month':
      return { begin: shiftDate(today, -29), end: today };
  }
}

/** The range with its empty sides read as `today`. */
export const resolvedRange = (range: DateRange, today: string): DateRange => ({ begin: range.begin || today, end: range.end || today });

/** Which preset a range is (an empty range is today), or null for a range of the player's own. */
export function presetOf(range: DateRange, today: string): DatePreset | null {
  const r = resolvedRange(range, today);
  return (
    DATE_PRESETS.find((p) => {
      const q = presetRange(p, today);
      return q.begin === r.begin && q.end === r.end;
    }) ?? null
  );
}

/** A date and time with the zone's offset, for a time shown alone (a message, an article): "2026-06-01 10:00 UTC+08:00". */
export const ZONED_MINUTE = 'YYYY-MM-DD HH:mm [UTC]Z';

/** A unix time (seconds) written in the operator's zone. */
export const formatInZone = (unixSeconds: number, zone: string, format = 'YYYY-MM-DD HH:mm:ss'): string => dayjs.unix(unixSeconds).tz(zone).format(format);

/** "Asia/Shanghai (UTC+08:00)": the zone the dates on screen are in. */
export const zoneLabel = (zone: string, ms: number): string => `${zone} (UTC${dayjs(ms).tz(zone).format('Z')})`;

/**
 * A calendar date as the local `Date` a date picker shows as that same date (the pickers work in the
 * device's zone; only the year, month and day matter), and back.
 */
export const pickerDate = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
export const fromPickerDate = (d: Date): string => dayjs(d).format(DATE_FORMAT);
