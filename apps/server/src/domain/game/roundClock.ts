/**
 * Round timing (docs/design.md#games-and-rounds): rounds of `roundSeconds` aligned to 00:00 in the operator's time zone;
 * issue = local date YYYYMMDD + the round's sequence number of the day (3 digits, more only when a
 * short demo round length needs them); betting closes `closeBeforeSeconds` before the draw. When a
 * day is not a whole number of rounds, its last round is shorter and draws at midnight.
 */
import { zonedDayRange, zonedDate } from '../time.js';

export interface RoundSettings {
  roundSeconds: number;
  closeBeforeSeconds: number;
  timeZone: string;
}

export interface RoundTiming {
  issue: string;
  /** 1-based sequence within the local day. */
  seq: number;
  opensAt: number;
  closesAt: number;
  drawsAt: number;
}

/** Digits of the sequence part: wide enough for the longest (25-hour) day, at least 3. */
export function issueSeqWidth(roundSeconds: number): number {
  return Math.max(3, String(Math.ceil((25 * 3600) / roundSeconds)).length);
}

const dayCache = new Map<string, { date: string; start: number; end: number }>();

function localDay(ms: number, timeZone: string): { date: string; start: number; end: number } {
  const cacheKey = timeZone;
  const hit = dayCache.get(cacheKey);
  if (hit && ms >= hit.start && ms < hit.end) return hit;
  const date = zonedDate(ms, timeZone);
  const range = zonedDayRange(date, timeZone);
  if (!range) throw new Error(`no day range for ${date}`);
  const day = { date, start: range[0], end: range[1] };
  dayCache.set(cacheKey, day);
  return day;
}

/** The round whose interval [opensAt, drawsAt) contains `ms`. */
export function roundAt(ms: number, s: RoundSettings): RoundTiming {
  const day = localDay(ms, s.timeZone);
  const roundMs = s.roundSeconds * 1000;
  const seq = Math.floor((ms - day.start) / roundMs) + 1;
  const opensAt = day.start + (seq - 1) * roundMs;
  const drawsAt = Math.min(opensAt + roundMs, day.end);
  const closesAt = Math.max(opensAt, drawsAt - s.closeBeforeSeconds * 1000);
  const issue = `${day.date.replaceAll('-', '')}${String(seq).padStart(issueSeqWidth(s.roundSeconds), '0')}`;
  return { issue, seq, opensAt, closesAt, drawsAt };
}

/** The round after `round`. */
export const nextRoundAfter = (round: RoundTiming, s: RoundSettings): RoundTiming => roundAt(round.drawsAt, s);

const HHMM_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface OpeningHours {
  /** "HH:MM" local; both null = always open. */
  openFrom: string | null;
  openTo: string | null;
}

/** Minutes after local midnight, or null for a malformed value. */
function minutesOf(hhmm: string): number | null {
  const m = HHMM_RE.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether `minute` (after local midnight) is in the hours: always when none are configured. */
function inHours(minute: number, hours: OpeningHours): boolean {
  if (!hours.openFrom || !hours.openTo) return true;
  const from = minutesOf(hours.openFrom);
  const to = minutesOf(hours.openTo);
  if (from === null || to === null || from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * Whether the game is open at `ms`: always when no hours are configured; otherwise when the local
 * time is in [openFrom, openTo), a window that may wrap past midnight (e.g. 10:00–02:00).
 */
export function isWithinHours(ms: number, hours: OpeningHours, timeZone: string): boolean {
  if (!hours.openFrom || !hours.openTo) return true;
  const day = localDay(ms, timeZone);
  // Wall-clock minutes since local midnight (DST days are rare in the operator's zones; exact enough).
  return inHours(Math.floor((ms - day.start) / 60_000), hours);
}

/**
 * `isWithinHours(round.opensAt, …)` without the calendar: a round opens `seq - 1` round lengths
 * after its local midnight.
 */
export function isOpenIn(round: RoundTiming, hours: OpeningHours, s: RoundSettings): boolean {
  return inHours(Math.floor(((round.seq - 1) * s.roundSeconds * 1000) / 60_000), hours);
}
