/**
 * The referral programme's settings (issue 24): on or off, a rate per level in basis points of the
 * house edge (2500 = 25 %), level 2 on or off, the minimum payout in cents. An operator's change made
 * on operator-day D is stored for D + 1 and later: a day already under way is always computed with the
 * settings it started with.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { zonedDate, zonedDayRange } from '../time.js';

export interface ReferralSettings {
  enabled: boolean;
  rate1Bp: number;
  rate2Bp: number;
  level2: boolean;
  /** Cents. */
  minPayout: number;
}

/** 25 % of the edge for direct invitees, 5 % for their invitees (off until the operator turns it on), paid from 1 u. */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = { enabled: true, rate1Bp: 2_500, rate2Bp: 500, level2: false, minPayout: 100 };

/** One basis point is 1/10,000 of the edge. */
export const BASIS_POINTS = 10_000;

interface SettingsRow {
  effective_day: string;
  enabled: boolean;
  rate1_bp: number;
  rate2_bp: number;
  level2: boolean;
  min_payout: string | number;
}

const fromRow = (r: SettingsRow): ReferralSettings => ({
  enabled: Boolean(r.enabled),
  rate1Bp: Number(r.rate1_bp),
  rate2Bp: Number(r.rate2_bp),
  level2: Boolean(r.level2),
  minPayout: Number(r.min_payout),
});

/** The settings that apply to operator-day `day` ("YYYY-MM-DD"): the latest stored for it or before, else the defaults. */
export async function settingsForDay(db: DbOrTx, day: string): Promise<ReferralSettings> {
  const [row] = await queryRows<SettingsRow>(db, sql`select * from referral_settings where effective_day <= ${day} order by effective_day desc limit 1`);
  return row ? fromRow(row) : { ...DEFAULT_REFERRAL_SETTINGS };
}

/** The operator-day after the one containing `now`. */
export function nextOperatorDay(now: number, timeZone: string): string {
  const [, end] = zonedDayRange(zonedDate(now, timeZone), timeZone)!;
  return zonedDate(end, timeZone);
}

/** The settings in force today and those an operator's change has set for tomorrow (null: none pending). */
export async function currentAndNextSettings(
  db: DbOrTx,
  now: number,
  timeZone: string,
): Promise<{ today: string; current: ReferralSettings; from: string; next: ReferralSettings | null }> {
  const today = zonedDate(now, timeZone);
  const from = nextOperatorDay(now, timeZone);
  const current = await settingsForDay(db, today);
  const [pending] = await queryRows<SettingsRow>(db, sql`select * from referral_settings where effective_day > ${today} order by effective_day desc limit 1`);
  return { today, current, from, next: pending ? fromRow(pending) : null };
}

/**
 * Stores `next` for the next operator-day on (a second change the same day replaces the first) and
 * answers the day it applies from. Any later row (from a clock set back) is dropped so it cannot override.
 */
export async function saveSettingsFromTomorrow(
  tx: DbOrTx,
  next: ReferralSettings,
  opts: { operatorId: number | null; now: number; timeZone: string },
): Promise<string> {
  const from = nextOperatorDay(opts.now, opts.timeZone);
  await tx.execute(sql`delete from referral_settings where effective_day > ${from}`);
  await tx.execute(sql`
    insert into referral_settings (effective_day, enabled, rate1_bp, rate2_bp, level2, min_payout, operator_id, created_at)
    values (${from}, ${next.enabled}, ${next.rate1Bp}, ${next.rate2Bp}, ${next.level2}, ${next.minPayout}, ${opts.operatorId}, ${new Date(opts.now).toISOString()})
    on conflict (effective_day) do update set enabled = excluded.enabled, rate1_bp = excluded.rate1_bp, rate2_bp = excluded.rate2_bp,
      level2 = excluded.level2, min_payout = excluded.min_payout, operator_id = excluded.operator_id, created_at = excluded.created_at`);
  return from;
}
