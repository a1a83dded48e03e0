/**
 * The daily commission run (issue 24). For each closed operator-day, in one transaction:
 *   1. the day is claimed: one `referral_days` row (primary key = the day) with the settings of the
 *      day and the invitees excluded or frozen at the run; a day already there is done, so a second
 *      start — on this node or another, now or after a crash — changes nothing;
 *   2. one set-based statement computes every referrer's commission of the day from the day's settled
 *      orders: floor(Σ edge × rate of the level / (EVEN_MONEY_PAID × 10,000)) per referrer and pot
 *      (pot 1: orders of invitees flagged at registration, held for review), unique per
 *      (referrer, day, pot);
 *   3. every referrer who may be paid and whose unpaid commissions (this day's, days carried below the
 *      minimum, days held while they were frozen or excluded) reach the minimum payout gets one type-5
 *      ledger row, which the rows it pays point to.
 * An advisory lock makes runs queue, one node at a time (the primary key would refuse a second claim anyway).
 */
import { EVEN_MONEY_PAID } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import { classWinCounts, orderEdgeScaled } from '../game/houseEdge.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { zonedDate, zonedDayRange, zonedDayStart } from '../time.js';
import { BASIS_POINTS, settingsForDay } from './settings.js';

/** Advisory lock of the node running the commissions. */
const REFERRAL_RUN_LOCK = 28_2401;
/** A day is computed this long after it ends: a settlement committing across midnight is in by then. */
export const REFERRAL_GRACE_MS = 10 * 60 * 1000;
/** Days caught up in one run at most (a node down for long catches up over several runs). */
const MAX_DAYS_PER_RUN = 62;

export const CommissionStatus = { pending: 0, paid: 1, held: 2, voided: 3 } as const;
export const Pot = { normal: 0, flagged: 1 } as const;

/** Test hooks: a crash test stops the run's transaction here (after the rows and payments, before the commit). */
export const referralFaults: { beforeCommit?: (day: string) => Promise<void> } = {};

export interface DayResult {
  day: string;
  /** False when the day had been computed already (by this node or another). */
  computed: boolean;
  referrers: number;
  payments: number;
}

/** A referrer who may not be paid now: frozen, or in a time-out or self-exclusion. */
const blocked = (u: string, at: string) => sql`(${sql.raw(u)}.disabled or coalesce(${sql.raw(u)}.excluded_until > ${at}::timestamptz, false))`;

/** Computes and pays operator-day `day` once; `computed` false when it had been already. */
export async function runReferralDay(db: Db | DbOrTx, opts: { day: string; now: number; timeZone: string }): Promise<DayResult> {
  const range = zonedDayRange(opts.day, opts.timeZone);
  if (!range) throw new Error(`not a day: ${opts.day}`);
  const [start, end] = range.map((ms) => new Date(ms).toISOString()) as [string, string];
  const at = new Date(opts.now).toISOString();
  return inTransaction(db as Db, async (tx) => {
    // Runs queue here (a node arriving second finds the day claimed): no run is skipped, none is doubled.
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_RUN_LOCK})`);
    const s = await settingsForDay(tx, opts.day);
    const claimed = await queryRows<{ day: string }>(
      tx,
      sql`
      insert into referral_days (day, starts_at, ends_at, enabled, rate1_bp, rate2_bp, level2, min_payout, excluded_invitees, run_at)
      select ${opts.day}, ${start}::timestamptz, ${end}::timestamptz, ${s.enabled}, ${s.rate1Bp}, ${s.rate2Bp}, ${s.level2}, ${s.minPayout},
        coalesce((select array_agg(u.id order by u.id) from users u where u.inviter_id is not null and ${blocked('u', at)}), '{}'), ${at}::timestamptz
      on conflict (day) do nothing
      returning day`,
    );
    if (claimed.length === 0) return { day: opts.day, computed: false, referrers: 0, payments: 0 };
    const referrers = s.enabled ? await computeDay(tx, opts.day, at) : 0;
    const payments = await payOwed(tx, opts.day, s.minPayout, at);
    await referralFaults.beforeCommit?.(opts.day);
    return { day: opts.day, computed: true, referrers, payments };
  });
}

/** Step 2: the day's rows, one statement. Answers how many rows it wrote. */
async function computeDay(tx: DbOrTx, day: string, at: string): Promise<number> {
  const scale = sql.raw(String(EVEN_MONEY_PAID * BASIS_POINTS));
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`
    with d as (select * from referral_days where day = ${day}),
    per_invitee as (
      select o.user_id, count(*)::int as n, sum(o.amount)::bigint as stakes, sum(${orderEdgeScaled('o')}) as edge
      from orders o join ${classWinCounts()} on class_wins.play_type = o.play_type, d
      where o.status = 1 and o.settled_at >= d.starts_at and o.settled_at < d.ends_at
      group by o.user_id
    ),
    links as (
      select p.*, i.inviter_id as l1, g.inviter_id as l2, i.referral_flag is not null as flagged
      from per_invitee p join users i on i.id = p.user_id left join users g on g.id = i.inviter_id, d
      where i.group_id = 1 and i.inviter_id is not null and not (i.id = any(d.excluded_invitees))
    ),
    credits as (
      select l1 as referrer, 1 as level, flagged, n, stakes, edge from links
      union all
      select l2, 2, flagged, n, stakes, edge from links, d where d.level2 and l2 is not null
    ),
    sums as (
      select c.referrer, case when c.flagged then ${literal(Pot.flagged)} else ${literal(Pot.normal)} end as pot, sum(c.n)::int as n, sum(c.stakes)::bigint as stakes,
        coalesce(sum(c.edge) filter (where c.level = 1), 0) as edge1, coalesce(sum(c.edge) filter (where c.level = 2), 0) as edge2
      from credits c join users r on r.id = c.referrer
      where r.group_id = 1
      group by 1, 2
    ),
    written as (
      insert into referral_commissions (day, referrer_id, pot, orders, stakes, edge1, edge2, amount, status, hold_reason, created_at)
      select ${day}, s.referrer, s.pot, s.n, s.stakes, s.edge1, s.edge2,
        floor((s.edge1 * d.rate1_bp + s.edge2 * d.rate2_bp) / ${scale})::bigint,
        case when s.pot = ${literal(Pot.flagged)} or ${blocked('r', at)} then ${literal(CommissionStatus.held)} else ${literal(CommissionStatus.pending)} end,
        case when s.pot = ${literal(Pot.flagged)} then 'flagged' when ${blocked('r', at)} then 'referrer_blocked' end,
        ${at}::timestamptz
      from sums s join users r on r.id = s.referrer, d
      returning 1
    )
    select count(*)::int as n from written`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Step 3: pays each referrer who may be paid now its unpaid commissions — pending ones, and ones held
 * only because it was frozen or excluded — when they reach `minPayout`: one ledger row per referrer,
 * referring to the newest row it pays (rows are paid once, so no two payments name the same row).
 * The referrers are locked in id order first (domain/lockOrder.ts), then credited in one statement.
 */
async function payOwed(tx: DbOrTx, day: string, minPayout: number, at: string): Promise<number> {
  const owed = sql`
    select c.referrer_id, sum(c.amount)::bigint as total, max(c.id) as ref
    from referral_commissions c join users r on r.id = c.referrer_id
    where (c.status = ${literal(CommissionStatus.pending)} or (c.status = ${literal(CommissionStatus.held)} and c.hold_reason = 'referrer_blocked'))
      and not ${blocked('r', at)}
    group by c.referrer_id
    having sum(c.amount) >= greatest(${minPayout}::bigint, 1)`;
  const due = await queryRows<{ referrer_id: number }>(tx, sql`select referrer_id from (${owed}) o order by referrer_id`);
  if (due.length === 0) return 0;
  await queryRows(tx, sql`select id from users where id in (select referrer_id from (${owed}) o) order by id for update`);
  const paid = await queryRows<{ n: number }>(
    tx,
    sql`
    with owed as (${owed}),
    credited as (
      update users u set money = u.money + owed.total from owed where u.id = owed.referrer_id
      returning u.id, u.money + u.score as over, owed.total, owed.ref
    ),
    payment as (
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, memo, created_at)
      select id, ${literal(LedgerType.commission)}, ${literal(LedgerStatus.passed)}, 'money', total, true, over, 0, 'commission', ref, ${`commission ${day}`}, ${at}::timestamptz
      from credited
      returning id, user_id
    ),
    settled as (
      update referral_commissions c set status = ${literal(CommissionStatus.paid)}, ledger_id = payment.id
      from payment
      where c.referrer_id = payment.user_id
        and (c.status = ${literal(CommissionStatus.pending)} or (c.status = ${literal(CommissionStatus.held)} and c.hold_reason = 'referrer_blocked'))
      returning 1
    )
    select (select count(*)::int from payment) as n, (select count(*)::int from settled) as rows`,
  );
  return Number(paid[0]?.n ?? 0);
}

/**
 * Every closed operator-day not yet computed, oldest first: from the day after the last computed one
 * (the first run computes only yesterday: no history before the programme) up to the last day that
 * ended REFERRAL_GRACE_MS ago.
 */
export async function dueDays(db: DbOrTx, now: number, timeZone: string): Promise<string[]> {
  const last = zonedDate(zonedDayStart(now - REFERRAL_GRACE_MS, timeZone) - 1, timeZone);
  const [row] = await queryRows<{ day: string | null }>(db, sql`select max(day) as day from referral_days`);
  const days: string[] = [];
  let day = row?.day ? nextDay(row.day, timeZone) : last;
  while (day <= last && days.length < MAX_DAYS_PER_RUN) {
    days.push(day);
    day = nextDay(day, timeZone);
  }
  return days;
}

function nextDay(day: string, timeZone: string): string {
  return zonedDate(zonedDayRange(day, timeZone)![1], timeZone);
}

/** Computes every due day in order (housekeeping, the console's "run now"). */
export async function runDueDays(db: Db, opts: { now: number; timeZone: string }): Promise<DayResult[]> {
  const results: DayResult[] = [];
  for (const day of await dueDays(db, opts.now, opts.timeZone)) results.push(await runReferralDay(db, { day, ...opts }));
  return results;
}
