/**
 * The reality check's timing: every N minutes of a login session, counted from
 * when it began, the app stops play with the time played and the session's result.
 */

/** The check due at or before `now`: how many intervals have passed since the session began (0 = none yet). */
export function checksDue(startedAtMs: number, minutes: number, now: number): number {
  if (minutes <= 0 || now < startedAtMs) return 0;
  return Math.floor((now - startedAtMs) / (minutes * 60_000));
}

/** When the next check falls after `acknowledged` checks have been answered. */
export function nextCheckAt(startedAtMs: number, minutes: number, acknowledged: number): number {
  return startedAtMs + (acknowledged + 1) * minutes * 60_000;
}

/** Hours and minutes played, for the dialog. */
export function playedTime(startedAtMs: number, now: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((now - startedAtMs) / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
