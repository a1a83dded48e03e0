/**
 * Player protection, zod-free so the player app reads the same choices the server enforces.
 */
import { parseMoney } from './money.js';
import { MAX_REQUEST_CENTS } from './wallet.js';

/** Money limits, each per day, week and month: deposits asked for, stakes placed, losses (stakes − payouts). */
export const MONEY_LIMIT_KINDS = ['deposit', 'loss', 'stake'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** The session time limit: minutes per login session. */
export const SESSION_LIMIT = { kind: 'session', period: 'session', minMinutes: 10, maxMinutes: 1440 } as const;
export type LimitKind = MoneyLimitKind | 'session';
/**
 * The limits a bet is judged against (stake and loss per period, the session's length). Both bet paths
 * read this one list: the general transaction checks them, the one-statement batch leaves a player who
 * has any of them to it.
 */
export const BET_LIMIT_KINDS = ['stake', 'loss', 'session'] as const satisfies readonly LimitKind[];
export type LimitPeriodOrSession = LimitPeriod | 'session';

/** What is wrong with a limit as typed: a message key of the API catalogue and its parameters. */
export interface LimitValueProblem {
  problem: 'err.limit_amount_required' | 'err.limit_amount_invalid' | 'err.amount_too_large' | 'err.limit_session_range';
  params?: Record<string, number>;
}

/**
 * A limit as the player types it: u for a money limit (0 is a real limit: nothing more in the
 * period), whole minutes in SESSION_LIMIT's range for the session limit. Blank is a problem, never
 * "no limit": removing one is its own request.
 */
export function readLimitValue(kind: LimitKind, input: unknown): { value: number } | LimitValueProblem {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (text === '') return { problem: 'err.limit_amount_required' };
  if (kind === 'session') {
    const minutes = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (minutes >= SESSION_LIMIT.minMinutes && minutes <= SESSION_LIMIT.maxMinutes) return { value: minutes };
    return { problem: 'err.limit_session_range', params: { min: SESSION_LIMIT.minMinutes, max: SESSION_LIMIT.maxMinutes } };
  }
  const cents = parseMoney(text);
  if (cents === null) return { problem: 'err.limit_amount_invalid' };
  if (cents > MAX_REQUEST_CENTS) return { problem: 'err.amount_too_large' };
  return { value: cents };
}

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
