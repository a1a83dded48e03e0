/**
 * Player protection (issue 12), zod-free so the player app reads the same choices the server enforces.
 */

/** Money limits, each per day, week and month: deposits asked for, stakes placed, losses (stakes − payouts). */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** The session time limit: minutes per login session. */
export const SESSION_LIMIT = { kind: 'session', period: 'session', minMinutes: 10, maxMinutes: 1440 } as const;
export type LimitKind = MoneyLimitKind | 'session';
export type LimitPeriodOrSession = LimitPeriod | 'session';

/** Raising or removing a limit takes effect only after this long; lowering at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** Minutes between reality checks; 60 is the longest and the default: it can never be turned off. */
export const REALITY_CHECK_CHOICES = [15, 30, 60] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;

/** Time-outs ("take a break") and self-exclusions, by how long they last. */
export const BREAK_DURATIONS = {
  timeout: ['24h', '7d', '30d'],
  self_exclusion: ['6m', '1y', '5y'],
} as const;
export type ExclusionKind = keyof typeof BREAK_DURATIONS;
export type BreakDuration = (typeof BREAK_DURATIONS)[ExclusionKind][number];
export const EXCLUSION_KINDS = Object.keys(BREAK_DURATIONS) as ExclusionKind[];
export const ALL_BREAK_DURATIONS = [...BREAK_DURATIONS.timeout, ...BREAK_DURATIONS.self_exclusion] as const;

/** When a break of `duration` started at `from` (ms) ends: hours and days exactly, months and years by the calendar (UTC). */
export function breakEndsAt(from: number, duration: BreakDuration): number {
  const hour = 60 * 60 * 1000;
  switch (duration) {
    case '24h':
      return from + 24 * hour;
    case '7d':
      return from + 7 * 24 * hour;
    case '30d':
      return from + 30 * 24 * hour;
    default: {
      const d = new Date(from);
      if (duration === '6m') d.setUTCMonth(d.getUTCMonth() + 6);
      else d.setUTCFullYear(d.getUTCFullYear() + (duration === '1y' ? 1 : 5));
      return d.getTime();
    }
  }
}
