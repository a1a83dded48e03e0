/**
 * The player's team page (issue 24): who they invited on each level — masked names, when they joined,
 * whether they played this week; never a friend's stakes, wins or balance — and their own commission
 * per day with the base it came from, and the paid / held / pending totals.
 */
import { EVEN_MONEY_PAID, formatMoney, zonedParts } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { maskNickname } from '../../present.js';
import { zonedTimeToUtc } from '../time.js';
import { CommissionStatus } from './commission.js';
import { currentAndNextSettings, type ReferralSettings } from './settings.js';

const INVITEES_SHOWN = 200;
const DAYS_SHOWN = 60;

/** Basis points as the percent text the apps show: 2500 → "25.00". */
export const percentText = (bp: number) => formatMoney(bp);

export function presentSettings(s: ReferralSettings) {
  return { enabled: s.enabled, rate1: percentText(s.rate1Bp), rate2: percentText(s.rate2Bp), level2: s.level2, min_payout: formatMoney(s.minPayout) };
}

/** Monday 00:00 of the operator-week containing `now`. */
export function weekStart(now: number, timeZone: string): number {
  const p = zonedParts(now, timeZone);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return zonedTimeToUtc(p.year, p.month, p.day - ((weekday + 6) % 7), timeZone);
}

/** The edge (cents × EVEN_MONEY_PAID, numeric text) in whole cents, rounded down. */
export const edgeCents = (scaled: unknown) => Number(BigInt(String(scaled).split('.')[0] ?? '0') / BigInt(EVEN_MONEY_PAID));

export async function teamOf(db: DbOrTx, userId: number, opts: { now: number; timeZone: string }) {
  const since = new Date(weekStart(opts.now, opts.timeZone)).toISOString();
  const { current } = await currentAndNextSettings(db, opts.now, opts.timeZone);
  const invitees = await queryRows<{ level: number; username: string; nickname: string | null; created_at: string; active: boolean }>(
    db,
    sql`
    with team as (
      select 1 as level, u.id, u.username, u.nickname, u.created_at from users u where u.inviter_id = ${userId} and u.group_id = 1
      union all
      select 2, g.id, g.username, g.nickname, g.created_at from users u join users g on g.inviter_id = u.id
      where u.inviter_id = ${userId} and u.group_id = 1 and g.group_id = 1
    )
    select t.level, t.username, t.nickname, t.created_at,
      exists (select 1 from orders o where o.user_id = t.id and o.created_at >= ${since}::timestamptz) as active
    from team t order by t.created_at desc, t.id desc limit ${INVITEES_SHOWN}`,
  );
  const [counts] = await queryRows<{ l1: number; l2: number }>(
    db,
    sql`
    select (select count(*)::int from users where inviter_id = ${userId} and group_id = 1) as l1,
      (select count(*)::int from users u join users g on g.inviter_id = u.id where u.inviter_id = ${userId} and u.group_id = 1 and g.group_id = 1) as l2`,
  );
  const days = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select day, sum(orders)::int as orders, sum(stakes)::bigint as stakes, sum(edge1 + edge2)::text as edge, sum(amount)::bigint as amount,
      min(status) as status, bool_or(status = ${CommissionStatus.held}) as held
    from referral_commissions where referrer_id = ${userId}
    group by day order by day desc limit ${DAYS_SHOWN}`,
  );
  const [totals] = await queryRows<{ paid: string; held: string; pending: string }>(
    db,
    sql`
    select coalesce(sum(amount) filter (where status = ${CommissionStatus.paid}), 0)::bigint as paid,
      coalesce(sum(amount) filter (where status = ${CommissionStatus.held}), 0)::bigint as held,
      coalesce(sum(amount) filter (where status = ${CommissionStatus.pending}), 0)::bigint as pending
    from referral_commissions where referrer_id = ${userId}`,
  );
  return {
    inviter_id: userId,
    settings: presentSettings(current),
    totals: { paid: formatMoney(Number(totals?.paid ?? 0)), held: formatMoney(Number(totals?.held ?? 0)), pending: formatMoney(Number(totals?.pending ?? 0)) },
    counts: { level1: Number(counts?.l1 ?? 0), level2: Number(counts?.l2 ?? 0) },
    invitees: invitees.map((i) => ({
      level: Number(i.level),
      name: maskNickname(i.nickname || i.username),
      joined: Math.floor(new Date(i.created_at).getTime() / 1000),
      active_week: Boolean(i.active),
    })),
    days: days.map((d) => ({
      day: String(d.day),
      orders: Number(d.orders),
      stakes: formatMoney(Number(d.stakes)),
      edge: formatMoney(edgeCents(d.edge)),
      commission: formatMoney(Number(d.amount)),
      // A day of a normal and a held pot shows the normal one's status, and that part of it is held.
      status: Number(d.status),
      held: Boolean(d.held),
    })),
  };
}
