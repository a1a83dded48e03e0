import { zonedParts } from '@lucky28/shared/time';

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-25 00:00" for a Unix time in the operator's time zone: the zone limits reset in and the
 * server's refusals name times in, so the screen and the messages agree. Falls back to the device's
 * zone when the zone is unknown to the browser.
 */
export function zonedTime(unix: number, timeZone: string | undefined): string {
  let p: ReturnType<typeof zonedParts>;
  try {
    p = zonedParts(unix * 1000, timeZone);
  } catch {
    return zonedTime(unix, undefined);
  }
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}
