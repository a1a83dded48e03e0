/**
 * What the player has put in and taken out, and what play has cost or earned them:
 * net deposits (approved deposits − withdrawals not refunded) and the net result of play (payouts −
 * stakes; a stake counts from the moment it is placed) for today, this month and all time, in the
 * operator's time zone; the totals of a bet-history period; and the play of one login session.
 */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { LedgerType } from '../ledger/post.js';
import { periodBounds } from './periods.js';

const money = (v: unknown) => formatMoney(Number(v ?? 0));

function position(r: Record<string, unknown> | undefined, suffix: string) {
  const deposits = Number(r?.[`dep_${suffix}`] ?? 0);
  const withdrawals = Number(r?.[`wd_${suffix}`] ?? 0);
  const stake = Number(r?.[`stake_${suffix}`] ?? 0);
  const payout = Number(r?.[`payout_${suffix}`] ?? 0);
  return {
    deposits: money(deposits),
    withdrawals: money(withdrawals),
    net_deposits: money(deposits - withdrawals),
    stake: money(stake),
    payout: money(payout),
    result: money(payout - stake),
  };
}

export async function netPosition(db: DbOrTx, opts: { userId: number; now: number; timeZone: string }) {
  const windows = {
    today: new Date(periodBounds('day', opts.now, opts.timeZone).start).toISOString(),
    month: new Date(periodBounds('month', opts.now, opts.timeZone).start).toISOString(),
    all: new Date(0).toISOString(),
  };
  const u = opts.userId;
  const cols = Object.entries(windows).flatMap(([name, since]) => [
    // Ledger type 0 rows count once approved (applied); type 1 rows are the debits and their refunds.
    sql`(select coalesce(sum(quantity), 0) from ledger where user_id = ${u} and type = ${literal(LedgerType.recharge)} and applied and created_at >= ${since}) as ${sql.raw(`dep_${name}`)}`,
    sql`(select coalesce(-sum(quantity), 0) from ledger where user_id = ${u} and type = ${literal(LedgerType.withdraw)} and applied and created_at >= ${since}) as ${sql.raw(`wd_${name}`)}`,
    sql`(select coalesce(sum(amount), 0) from orders where user_id = ${u} and created_at >= ${since}) as ${sql.raw(`stake_${name}`)}`,
    sql`(select coalesce(sum(payout), 0) from orders where user_id = ${u} and created_at >= ${since}) as ${sql.raw(`payout_${name}`)}`,
  ]);
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${sql.join(cols, sql`, `)}`);
  return { today: position(row, 'today'), month: position(row, 'month'), all: position(row, 'all') };
}

/** The bet history's totals over [from, to): how many bets, their stakes, payouts and result. */
export async function orderTotals(db: DbOrTx, opts: { userId: number; from: number; to: number }) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select count(*)::int as n, coalesce(sum(amount), 0) as stake, coalesce(sum(payout), 0) as payout
    from orders where user_id = ${opts.userId}
      and created_at >= ${new Date(opts.from).toISOString()} and created_at < ${new Date(opts.to).toISOString()}`,
  );
  const stake = Number(row?.stake ?? 0);
  const payout = Number(row?.payout ?? 0);
  return { count: Number(row?.n ?? 0), stake: money(stake), payout: money(payout), result: money(payout - stake) };
}

/** This login session: when it began and the play since (the reality check shows it). */
export async function sessionPlay(db: DbOrTx, opts: { userId: number; sessionId: number; now: number }) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with s as (select created_at from sessions where id = ${opts.sessionId} and user_id = ${opts.userId})
    select (select created_at from s) as started,
      coalesce(sum(o.amount), 0) as stake, coalesce(sum(o.payout), 0) as payout
    from orders o where o.user_id = ${opts.userId} and o.created_at >= (select created_at from s)`,
  );
  const started = row?.started ? new Date(row.started as string).getTime() : opts.now;
  const stake = Number(row?.stake ?? 0);
  const payout = Number(row?.payout ?? 0);
  return { started_at: Math.floor(started / 1000), stake: money(stake), payout: money(payout), result: money(payout - stake) };
}
