import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * One time zone for the console: the operator's (`TIME_ZONE`, answered by admin/me), in which the
 * server counts its days and the player app shows its dates. Set when the signed-in operator is known
 * (lib/operator.ts), before any screen renders; the browser's own zone is never used for a date.
 */
let operatorZone = 'UTC';

export const setOperatorZone = (zone: string) => {
  operatorZone = zone;
};
export const consoleZone = () => operatorZone;

/** Unix seconds → "2026-06-01 10:00:00" in the operator's time zone. */
export const dateTime = (unix: number | null | undefined): string => (unix ? dayjs.unix(unix).tz(operatorZone).format('YYYY-MM-DD HH:mm:ss') : '');

/** Unix seconds → "2026-06-01 10:00" in the operator's time zone. */
export const dateMinute = (unix: number): string => dayjs.unix(unix).tz(operatorZone).format('YYYY-MM-DD HH:mm');

/** Unix seconds → a datetime-local input's value ("2026-06-01T10:00") in the operator's time zone; '' for none. */
export const zonedInputValue = (unix: number | null): string => (unix === null ? '' : dayjs.unix(unix).tz(operatorZone).format('YYYY-MM-DDTHH:mm'));

/** A datetime-local input's value, read in the operator's time zone (not the browser's) → unix seconds; undefined when empty. */
export const fromZonedInputValue = (value: string | undefined): number | undefined => (value ? dayjs.tz(value, operatorZone).unix() : undefined);

/** Today in the operator's time zone, as "YYYY-MM-DD". */
export const today = (): string => dayjs().tz(operatorZone).format('YYYY-MM-DD');

/**
 * The operator's calendar date `daysAgo` days before today, as the date pickers hold it: a browser-local
 * date with that year, month and day (the pickers show the calendar date; only its text is sent).
 */
export const operatorDay = (daysAgo = 0): Dayjs => dayjs(today()).subtract(daysAgo, 'day');

/** "Asia/Shanghai (UTC+08:00)": the zone every date of the console is in. */
export const zoneLabel = (): string => `${operatorZone} (UTC${dayjs().tz(operatorZone).format('Z')})`;
