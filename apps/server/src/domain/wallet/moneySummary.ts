/**
 * The money dashboard: over a period, deposits and withdrawals approved, gifts,
 * stakes, payouts, the house's result and active players — in total and per day of the operator's
 * time zone. Every figure is a sum over the real ledger, orders and requests.
 */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { LedgerType } from '../ledger/post.js';

interface DayRow {
  day: string;
  deposits: number | string;
  withdrawals: number | string;
  gifts: number | string;
  stakes: number | string;
  payouts: number | string;
  players: number | string;
}

export async function moneySummary(db: DbOrTx, from: number, to: number, timeZone: string) {
  const f = new Date(from).toISOString();
  const t = new Date(to).toISOString();
  const day = (col: string) => sql`to_char(${sql.raw(col)} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await queryRows<DayRow>(
    db,
    sql`
    with d as (
      select ${day('reviewed_at')} as day, sum(amount) as deposits, 0::numeric as withdrawals, 0::numeric as gifts, 0::numeric as stakes, 0::numeric as payouts
        from deposits where status = 1 and reviewed_at >= ${f} and reviewed_at < ${t} group by 1
      union all
      select ${day('reviewed_at')}, 0, sum(amount), 0, 0, 0 from withdrawals where status = 1 and reviewed_at >= ${f} and reviewed_at < ${t} group by 1
      union all
      select ${day('created_at')}, 0, 0, sum(quantity), 0, 0 from ledger where type = ${literal(LedgerType.gift)} and created_at >= ${f} and created_at < ${t} group by 1
      union all
      select ${day('created_at')}, 0, 0, 0, sum(amount), 0 from orders where created_at >= ${f} and created_at < ${t} group by 1
      union all
      select ${day('settled_at')}, 0, 0, 0, 0, sum(coalesce(payout, 0)) from orders where status = 1 and settled_at >= ${f} and settled_at < ${t} group by 1
    ),
    p as (select ${day('created_at')} as day, count(distinct user_id) as players from orders where created_at >= ${f} and created_at < ${t} group by 1)
    select d.day, sum(deposits)::bigint as deposits, sum(withdrawals)::bigint as withdrawals, sum(gifts)::bigint as gifts,
           sum(stakes)::bigint as stakes, sum(payouts)::bigint as payouts, coalesce(max(p.players), 0)::int as players
    from d left join p on p.day = d.day group by d.day order by d.day`,
  );
  const [active] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(distinct user_id)::int as n from orders where created_at >= ${f} and created_at < ${t}`,
  );
  const n = (v: number | string) => Number(v);
  const days = rows.map((r) => ({
    day: r.day,
    deposits: formatMoney(n(r.deposits)),
    withdrawals: formatMoney(n(r.withdrawals)),
    gifts: formatMoney(n(r.gifts)),
    stakes: formatMoney(n(r.stakes)),
    payouts: formatMoney(n(r.payouts)),
    house: formatMoney(n(r.stakes) - n(r.payouts)),
    players: n(r.players),
  }));
  const sum = (k: keyof DayRow) => rows.reduce((s, r) => s + n(r[k]), 0);
  return {
    totals: {
      deposits: formatMoney(sum('deposits')),
      withdrawals: formatMoney(sum('withdrawals')),
      gifts: formatMoney(sum('gifts')),
      stakes: formatMoney(sum('stakes')),
      payouts: formatMoney(sum('payouts')),
      house: formatMoney(sum('stakes') - sum('payouts')),
      players: Number(active?.n ?? 0),
    },
    days,
  };
}
