/**
 * The money dashboard: over a period, deposits and withdrawals approved, gifts,
 * stakes, payouts, the house's result, balance adjustments (credits and debits, ledger type 12) and
 * active players — in total and per day of the operator's time zone — the period's reward and
 * commission costs (ledger types 5–9) and the house's result net of them and of the adjustments. Every
 * figure is a sum over the real ledger, orders and requests.
 *
 * A day that ended more than CLOSED_AFTER_MS ago no longer changes (every row is dated when it is
 * written: bets, settlements, approvals, gifts), so its figures are kept in `money_days` once
 * computed, and a period of a month reads a month of kept days plus today — not a month of orders.
 * Each figure is read by its dated index (migration 0012), bucketed by the days' boundaries
 * (width_bucket over the boundaries, not a time-zone conversion per row).
 */
import { sql } from 'drizzle-orm';
import { AdjustmentStatus, formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { zonedDate, zonedDayStart } from '../time.js';

/** After this long past its end, a day's rows are all written: a transaction open at midnight has committed. */
const CLOSED_AFTER_MS = 10 * 60 * 1000;
const DAY_MS = 86_400_000;

/** A day's figures as `money_days` keeps them once the day is closed. */
interface KeptFigures {
  day: string;
  deposits: number;
  withdrawals: number;
  gifts: number;
  stakes: number;
  payouts: number;
  players: number;
}

/** A day's figures with its balance adjustments (positive amounts each: what was credited, what was debited). */
interface DayFigures extends KeptFigures {
  adjustment_credits: number;
  adjustment_debits: number;
}

interface Day {
  day: string;
  start: number;
  end: number;
}

/** The local days of [from, to), each with its bounds. */
function daysOf(from: number, to: number, timeZone: string): Day[] {
  const days: Day[] = [];
  for (let start = from; start < to;) {
    // The next local midnight: a day is 23–25 hours long across a change of offset.
    const end = Math.min(to, zonedDayStart(start + 26 * 3_600_000, timeZone));
    days.push({ day: zonedDate(start, timeZone), start, end });
    start = end;
  }
  return days;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The figures of consecutive days, computed from the tables (each figure one index range, bucketed by day). */
async function computeDays(db: DbOrTx, days: Day[]): Promise<KeptFigures[]> {
  if (days.length === 0) return [];
  const f = iso(days[0]!.start);
  const t = iso(days[days.length - 1]!.end);
  // Bucket i (1-based) is days[i - 1]: the boundaries are each day's start.
  const bounds = sql`${`{${days.map((d) => iso(d.start)).join(',')}}`}::timestamptz[]`;
  const bucket = (col: string) => sql`width_bucket(${sql.raw(col)}, ${bounds})`;
  const rows = await queryRows<{ b: number; deposits: string; withdrawals: string; gifts: string; stakes: string; payouts: string; players: string }>(
    db,
    sql`
    with d as (
      select ${bucket('reviewed_at')} as b, sum(amount) as deposits, 0::numeric as withdrawals, 0::numeric as gifts, 0::numeric as stakes, 0::numeric as payouts, 0 as players
        from deposits where status = 1 and reviewed_at >= ${f} and reviewed_at < ${t} group by 1
      union all
      select ${bucket('reviewed_at')}, 0, sum(amount), 0, 0, 0, 0 from withdrawals where status = 1 and reviewed_at >= ${f} and reviewed_at < ${t} group by 1
      union all
      select ${bucket('created_at')}, 0, 0, sum(quantity), 0, 0, 0 from ledger where type = ${literal(LedgerType.gift)} and created_at >= ${f} and created_at < ${t} group by 1
      union all
      select ${bucket('created_at')}, 0, 0, 0, sum(amount), 0, count(distinct user_id) from orders where created_at >= ${f} and created_at < ${t} group by 1
      union all
      select ${bucket('settled_at')}, 0, 0, 0, 0, sum(coalesce(payout, 0)), 0 from orders where status = 1 and settled_at >= ${f} and settled_at < ${t} group by 1
    )
    select b, sum(deposits)::bigint as deposits, sum(withdrawals)::bigint as withdrawals, sum(gifts)::bigint as gifts,
           sum(stakes)::bigint as stakes, sum(payouts)::bigint as payouts, max(players)::int as players
    from d group by b`,
  );
  const byBucket = new Map(rows.map((r) => [Number(r.b), r]));
  return days.map((d, i) => {
    const r = byBucket.get(i + 1);
    return {
      day: d.day,
      deposits: Number(r?.deposits ?? 0),
      withdrawals: Number(r?.withdrawals ?? 0),
      gifts: Number(r?.gifts ?? 0),
      stakes: Number(r?.stakes ?? 0),
      payouts: Number(r?.payouts ?? 0),
      players: Number(r?.players ?? 0),
    };
  });
}

/** Runs of consecutive days (one computation each). */
function runsOf(days: Day[]): Day[][] {
  const runs: Day[][] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1]!.end === d.start) last.push(d);
    else runs.push([d]);
  }
  return runs;
}

/**
 * The days' figures: closed days from `money_days` (computed and kept the first time, on `keepOn`: the
 * primary when `db` is a replica), the others computed now.
 */
async function keptFiguresOf(db: DbOrTx, days: Day[], timeZone: string, now: number, keepOn: DbOrTx): Promise<KeptFigures[]> {
  const closed = days.filter((d) => d.end + CLOSED_AFTER_MS <= now);
  const kept = closed.length
    ? await queryRows<KeptFigures>(
        db,
        sql`
        select day, deposits, withdrawals, gifts, stakes, payouts, players from money_days
        where time_zone = ${timeZone} and day = any(${`{${closed.map((d) => d.day).join(',')}}`}::text[])`,
      )
    : [];
  const found = new Map(
    kept.map((k) => [
      k.day,
      { ...k, deposits: +k.deposits, withdrawals: +k.withdrawals, gifts: +k.gifts, stakes: +k.stakes, payouts: +k.payouts, players: +k.players },
    ]),
  );
  const missing = closed.filter((d) => !found.has(d.day));
  for (const run of runsOf(missing)) {
    const computed = await computeDays(db, run);
    await keepOn.execute(sql`
      insert into money_days (time_zone, day, deposits, withdrawals, gifts, stakes, payouts, players)
      values ${sql.join(
        computed.map((c) => sql`(${timeZone}, ${c.day}, ${c.deposits}, ${c.withdrawals}, ${c.gifts}, ${c.stakes}, ${c.payouts}, ${c.players})`),
        sql`, `,
      )}
      on conflict (time_zone, day) do nothing`);
    for (const c of computed) found.set(c.day, c);
  }
  const open = days.filter((d) => d.end + CLOSED_AFTER_MS > now);
  for (const run of runsOf(open)) for (const c of await computeDays(db, run)) found.set(c.day, c);
  return days.map((d) => found.get(d.day)!);
}

/**
 * The balance adjustments of consecutive days: per day, the credits and the debits that passed — each
 * adjustment's own type-12 row (a rejection's refund row is not an adjustment), on the day it was
 * approved (a debit held for a second operator passes then, days after its row was written, which is
 * why these are not kept in `money_days`; adjustments are few beside the orders).
 */
async function adjustmentsOf(db: DbOrTx, days: Day[]): Promise<Map<number, { credits: number; debits: number }>> {
  if (days.length === 0) return new Map();
  const bounds = sql`${`{${days.map((d) => iso(d.start)).join(',')}}`}::timestamptz[]`;
  const rows = await queryRows<{ b: number; credits: string; debits: string }>(
    db,
    sql`
    select width_bucket(a.decided_at, ${bounds}) as b, sum(greatest(l.quantity, 0))::bigint as credits, sum(greatest(-l.quantity, 0))::bigint as debits
    from balance_adjustments a join ledger l on l.id = a.ledger_id
    where a.status = ${literal(AdjustmentStatus.approved)} and l.type = ${literal(LedgerType.adjustment)} and l.status = ${literal(LedgerStatus.passed)}
      and a.decided_at >= ${iso(days[0]!.start)} and a.decided_at < ${iso(days[days.length - 1]!.end)}
    group by 1`,
  );
  return new Map(rows.map((r) => [Number(r.b), { credits: Number(r.credits), debits: Number(r.debits) }]));
}

/** The days' figures: what `money_days` keeps (or computes now), with each day's adjustments. */
async function figuresOf(db: DbOrTx, days: Day[], timeZone: string, now: number, keepOn: DbOrTx): Promise<DayFigures[]> {
  const [kept, adjustments] = [await keptFiguresOf(db, days, timeZone, now, keepOn), await adjustmentsOf(db, days)];
  return kept.map((k, i) => {
    const a = adjustments.get(i + 1);
    return { ...k, adjustment_credits: a?.credits ?? 0, adjustment_debits: a?.debits ?? 0 };
  });
}

/**
 * The players of a closed stretch of days, by database and stretch: its orders no longer change, so
 * the set is computed once (one index probe per player) and kept; the last few stretches per database.
 */
const closedPlayers = new WeakMap<object, Map<string, Set<number>>>();
// A stretch holds one id per active player (10,000 players: ~0.2 MB); the default period's moves once a day.
const KEPT_STRETCHES = 4;

/**
 * Players with at least one order in [from, to). Over a day or two, the distinct players of its
 * orders (by orders_created_idx). Over longer, the players of its closed days — one index probe per
 * player (orders_user_time_idx), so that a month costs the number of players, not the number of
 * orders, and kept once computed — joined with the distinct players of its open days (today's orders).
 */
async function activePlayers(db: DbOrTx, from: number, to: number, closedEnd: number): Promise<number> {
  const [f, t] = [iso(from), iso(to)];
  if (to - from <= 2 * DAY_MS) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(distinct user_id)::int as n from orders where created_at >= ${f} and created_at < ${t}`);
    return Number(row?.n ?? 0);
  }
  const kept = closedPlayers.get(db) ?? new Map<string, Set<number>>();
  closedPlayers.set(db, kept);
  const key = `${from}|${closedEnd}`;
  let players = kept.get(key);
  if (!players) {
    const rows =
      closedEnd > from
        ? await queryRows<{ id: number }>(
            db,
            sql`
            select u.id from users u
            cross join lateral (select 1 from orders o where o.user_id = u.id and o.created_at >= ${f} and o.created_at < ${iso(closedEnd)} limit 1) bet`,
          )
        : [];
    players = new Set(rows.map((r) => Number(r.id)));
    if (kept.size >= KEPT_STRETCHES) kept.delete(kept.keys().next().value!);
    kept.set(key, players);
  }
  if (closedEnd >= to) return players.size;
  const open = await queryRows<{ user_id: number }>(db, sql`select distinct user_id from orders where created_at >= ${iso(closedEnd)} and created_at < ${t}`);
  return players.size + open.filter((r) => !players.has(Number(r.user_id))).length;
}

/** The cost lines: each reward and commission ledger type, by its name in the answer. */
const COST_TYPES = {
  commission: LedgerType.commission,
  rakeback: LedgerType.rakeback,
  first_deposit_bonus: LedgerType.firstDepositBonus,
  check_in: LedgerType.checkIn,
  bonus_released: LedgerType.bonusRelease,
  bonus_forfeited: LedgerType.bonusForfeit,
  red_packets: LedgerType.redPacketShare,
} as const;

/**
 * What the period's rewards and commissions paid, per ledger type, by the ledger(type, created_at)
 * index (reward rows are few beside the orders, so they are summed for the period, not kept per day).
 * A released bonus writes two rows — stored funds −, balance + — so its cost is the balance row: the
 * amount moved to the withdrawable balance (granted before, as a first-deposit or check-in reward). A
 * forfeited bonus's rows (stored funds −, balance −) are what the players gave back: answered as a
 * positive amount.
 */
async function periodCosts(db: DbOrTx, from: number, to: number): Promise<Record<keyof typeof COST_TYPES, number>> {
  const types = Object.values(COST_TYPES);
  const rows = await queryRows<{ type: number; total: string }>(
    db,
    sql`
    select type, sum(quantity)::bigint as total from ledger
    where type in (${sql.join(types.map(literal), sql`, `)}) and created_at >= ${iso(from)} and created_at < ${iso(to)}
      and status = ${literal(LedgerStatus.passed)} and (type <> ${literal(LedgerType.bonusRelease)} or wallet = 'money')
    group by type`,
  );
  const byType = new Map(rows.map((r) => [Number(r.type), Number(r.total) * (Number(r.type) === LedgerType.bonusForfeit ? -1 : 1)]));
  return Object.fromEntries(Object.entries(COST_TYPES).map(([name, type]) => [name, byType.get(type) ?? 0])) as Record<keyof typeof COST_TYPES, number>;
}

type Costs = Awaited<ReturnType<typeof periodCosts>>;

/**
 * The cost lines as the answer gives them, and the house's result after them: house − commission −
 * rakeback − check-in − first-deposit bonus granted − red-packet shares paid + bonuses forfeited (what is left of a bonus and
 * what it won, given back) − adjustment credits + adjustment debits. The bonus released to the balance
 * is left out of the net: it is the money of a grant already subtracted, moved from stored funds to the
 * balance. The adjustments are in the net, not in `house` (the games' result, stakes − payouts): a
 * credit is money the house put into a balance, a debit money it took back, as a reward is.
 */
function withNet(figures: DayFigures[], costs: Costs) {
  const sum = (k: 'stakes' | 'payouts' | 'adjustment_credits' | 'adjustment_debits') => figures.reduce((s, r) => s + Number(r[k]), 0);
  const house = sum('stakes') - sum('payouts');
  const net =
    house -
    costs.commission -
    costs.rakeback -
    costs.check_in -
    costs.first_deposit_bonus -
    costs.red_packets +
    costs.bonus_forfeited -
    sum('adjustment_credits') +
    sum('adjustment_debits');
  return {
    costs: Object.fromEntries(Object.entries(costs).map(([name, cents]) => [name, formatMoney(cents)])) as Record<keyof Costs, string>,
    net_after_rewards: formatMoney(net),
  };
}

const totalsOf = (figures: DayFigures[], players: number) => {
  const sum = (k: Exclude<keyof DayFigures, 'day' | 'players'>) => figures.reduce((s, r) => s + Number(r[k]), 0);
  return {
    deposits: formatMoney(sum('deposits')),
    withdrawals: formatMoney(sum('withdrawals')),
    gifts: formatMoney(sum('gifts')),
    stakes: formatMoney(sum('stakes')),
    payouts: formatMoney(sum('payouts')),
    house: formatMoney(sum('stakes') - sum('payouts')),
    adjustment_credits: formatMoney(sum('adjustment_credits')),
    adjustment_debits: formatMoney(sum('adjustment_debits')),
    players,
  };
};

/**
 * The period's totals, cost lines and days; and, when the period holds the operator's today, today's
 * totals and cost lines from the same computation (the dashboard shows both: one call computes
 * today's open day once instead of twice). `db` may be a replica lagging less than a closed day's
 * margin (CLOSED_AFTER_MS); the closed days it computes are kept on `keepOn`, the primary.
 */
export async function moneySummary(db: DbOrTx, from: number, to: number, timeZone: string, now: number, keepOn: DbOrTx = db) {
  const periodDays = daysOf(from, to, timeZone);
  const figures = await figuresOf(db, periodDays, timeZone, now, keepOn);
  // Days with nothing at all are left out, as a grouped sum over the rows would.
  const shown = figures.filter(
    (r) => r.deposits || r.withdrawals || r.gifts || r.stakes || r.payouts || r.players || r.adjustment_credits || r.adjustment_debits,
  );
  const days = shown.map((r) => ({
    day: r.day,
    deposits: formatMoney(r.deposits),
    withdrawals: formatMoney(r.withdrawals),
    gifts: formatMoney(r.gifts),
    stakes: formatMoney(r.stakes),
    payouts: formatMoney(r.payouts),
    house: formatMoney(r.stakes - r.payouts),
    adjustment_credits: formatMoney(r.adjustment_credits),
    adjustment_debits: formatMoney(r.adjustment_debits),
    players: r.players,
  }));
  // One day's distinct players are its figure; a longer period's are counted over the whole period.
  // The end of the period's closed days (those kept in money_days): what follows may still change.
  const closedEnd = periodDays.filter((d) => d.end + CLOSED_AFTER_MS <= now).reduce((end, d) => Math.max(end, d.end), from);
  const totals = totalsOf(figures, periodDays.length === 1 ? figures[0]!.players : await activePlayers(db, from, to, closedEnd));
  const period = withNet(figures, await periodCosts(db, from, to));
  const t = periodDays.findIndex((d) => d.start <= now && now < d.end);
  const today =
    t < 0
      ? undefined
      : periodDays.length === 1
        ? { totals, ...period }
        : {
            totals: totalsOf([figures[t]!], figures[t]!.players),
            ...withNet([figures[t]!], await periodCosts(db, periodDays[t]!.start, periodDays[t]!.end)),
          };
  return { totals, costs: period.costs, net_after_rewards: period.net_after_rewards, days, ...(today ? { today } : {}) };
}
