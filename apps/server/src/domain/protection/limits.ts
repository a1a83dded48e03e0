/**
 * The limits a player sets on themself: deposit, loss (stakes − payouts) and stake
 * limits per day, week and month, and a session time limit. Lowering (or setting a first limit)
 * applies at once; raising or removing one waits 24 hours. The checks run inside the transaction of
 * the money they guard, after the player's row is locked, so parallel requests are judged one after
 * the other.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  BET_LIMIT_KINDS,
  LIMIT_PERIODS,
  LIMIT_RAISE_DELAY_MS,
  MONEY_LIMIT_KINDS,
  formatMoney,
  type LimitKind,
  type LimitPeriod,
  type MessageKey,
} from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { localTime, periodBounds, periodWindows, type PeriodWindows } from './periods.js';
import { inTransaction } from '../../db/transaction.js';

export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod | 'session';
  /** In force (cents, or minutes for 'session'); null = none. */
  amount: number | null;
  pendingAmount: number | null;
  pendingFrom: number | null;
}

const toMs = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());
const toNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Rows as the database (or a json_agg of them) gives them. */
export function toLimitRows(raw: unknown): LimitRow[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((r: Record<string, unknown>) => ({
    kind: r.kind as LimitKind,
    period: r.period as LimitRow['period'],
    amount: toNum(r.amount),
    pendingAmount: toNum(r.pending_amount),
    pendingFrom: toMs(r.pending_from),
  }));
}

/** The limit in force at `now`: a waiting change counts once its 24 hours have passed. */
export function inForce(row: LimitRow, now: number): number | null {
  if (row.pendingFrom !== null && row.pendingFrom <= now) return row.pendingAmount;
  return row.amount;
}

/** The columns json_agg'ed where a query needs the player's limits with its other reads (the bet path). */
export const limitsJson = (userId: SQL | number, kinds?: readonly LimitKind[]) => sql`(
  select json_agg(json_build_object('kind', l.kind, 'period', l.period, 'amount', l.amount,
    'pending_amount', l.pending_amount, 'pending_from', l.pending_from))
  from player_limits l where l.user_id = ${userId}
  ${
    kinds
      ? sql`and l.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``
  })`;

export async function readLimits(db: DbOrTx, userId: number, kinds?: readonly LimitKind[]): Promise<LimitRow[]> {
  const [row] = await queryRows<{ limits: unknown }>(db, sql`select ${limitsJson(userId, kinds)} as limits`);
  return toLimitRows(row?.limits);
}

/**
 * Sets (value) or removes (null) one limit for the player, in the caller's transaction. Answers
 * whether it applied at once or waits 24 hours.
 */
export async function setLimit(
  tx: DbOrTx,
  opts: { userId: number; kind: LimitKind; period: LimitRow['period']; value: number | null; now: number },
): Promise<{ pending: boolean }> {
  const [existing] = (await readLimits(tx, opts.userId)).filter((l) => l.kind === opts.kind && l.period === opts.period);
  const current = existing ? inForce(existing, opts.now) : null;
  const { value, now } = opts;
  let next: { amount: number | null; pendingAmount: number | null; pendingFrom: number | null };
  let pending = false;
  if (value !== null && (current === null || value <= current)) {
    next = { amount: value, pendingAmount: null, pendingFrom: null };
  } else if (value === null && current === null) {
    next = { amount: null, pendingAmount: null, pendingFrom: null };
  } else {
    pending = true;
    next = { amount: current, pendingAmount: value, pendingFrom: now + LIMIT_RAISE_DELAY_MS };
  }
  const at = new Date(now).toISOString();
  const from = next.pendingFrom === null ? null : new Date(next.pendingFrom).toISOString();
  await tx.execute(sql`
    insert into player_limits (user_id, kind, period, amount, pending_amount, pending_from, updated_at)
    values (${opts.userId}, ${opts.kind}, ${opts.period}, ${next.amount}, ${next.pendingAmount}, ${from}, ${at})
    on conflict (user_id, kind, period) do update set amount = excluded.amount, pending_amount = excluded.pending_amount,
      pending_from = excluded.pending_from, updated_at = excluded.updated_at`);
  return { pending };
}

/** setLimit in its own transaction, under the player's row lock (parallel changes are judged in turn). */
export async function saveLimit(db: Db, opts: Parameters<typeof setLimit>[1]): Promise<{ pending: boolean }> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select id from users where id = ${opts.userId} for update`);
    return setLimit(tx, opts);
  });
}

/** The reality check's interval in minutes (15, 30 or 60). */
export async function setRealityCheck(db: DbOrTx, userId: number, minutes: number): Promise<void> {
  await db.execute(sql`update users set reality_check_minutes = ${minutes} where id = ${userId}`);
}

/** What a player has used of each limit in its current window (`windows`: periodWindows at `now`): one query, one value per limit. */
export async function usageOf(
  db: DbOrTx,
  opts: { userId: number; limits: LimitRow[]; now: number; windows: PeriodWindows; sessionId?: number },
): Promise<Map<LimitRow, number>> {
  const columns: SQL[] = [];
  const u = opts.userId;
  opts.limits.forEach((l, i) => {
    const name = sql.raw(`u${i}`);
    if (l.kind === 'session') {
      const started =
        opts.sessionId === undefined ? sql`null::timestamptz` : sql`(select created_at from sessions where id = ${opts.sessionId} and user_id = ${u})`;
      columns.push(sql`${started} as ${name}`);
      return;
    }
    const since = new Date(opts.windows[l.period as LimitPeriod].start).toISOString();
    if (l.kind === 'stake') {
      columns.push(sql`(select coalesce(sum(amount), 0) from orders where user_id = ${u} and created_at >= ${since}) as ${name}`);
    } else if (l.kind === 'loss') {
      columns.push(sql`(select coalesce(sum(amount - coalesce(payout, 0)), 0) from orders where user_id = ${u} and created_at >= ${since}) as ${name}`);
    } else {
      // Deposits asked for (pending or approved) and withdrawals the player reversed into the balance.
      columns.push(sql`(
        (select coalesce(sum(amount), 0) from deposits where user_id = ${u} and status in (0, 1) and created_at >= ${since})
        + (select coalesce(sum(amount), 0) from withdrawals where user_id = ${u} and reversed_at >= ${since})) as ${name}`);
    }
  });
  const used = new Map<LimitRow, number>();
  if (columns.length === 0) return used;
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  opts.limits.forEach((l, i) => {
    const v = row?.[`u${i}`];
    if (l.kind === 'session') {
      const started = toMs(v);
      used.set(l, started === null ? 0 : Math.max(0, Math.floor((opts.now - started) / 60_000)));
    } else {
      used.set(l, Number(v ?? 0));
    }
  });
  return used;
}

const PERIOD_ORDER = ['day', 'week', 'month', 'session'];

/** The limits of `kinds` in force now, with their values, shortest period first (the one a refusal names when several break). */
function activeLimits(rows: LimitRow[], kinds: readonly LimitKind[], now: number): (LimitRow & { limit: number })[] {
  return rows
    .flatMap((r) => {
      const limit = inForce(r, now);
      return kinds.includes(r.kind) && limit !== null ? [{ ...r, limit }] : [];
    })
    .sort((a, b) => PERIOD_ORDER.indexOf(a.period) - PERIOD_ORDER.indexOf(b.period));
}

function refuse(l: LimitRow & { limit: number }, used: number, windows: PeriodWindows, timeZone: string): never {
  if (l.kind === 'session') throw new AppError('err.limit_session', { params: { limit: l.limit } });
  const resets = windows[l.period as LimitPeriod].end;
  throw new AppError(`err.limit_${l.kind}_${l.period}` as MessageKey, {
    field: 'money',
    params: { limit: formatMoney(l.limit), used: formatMoney(Math.max(0, used)), resets: localTime(resets, timeZone) },
  });
}

/**
 * A bet of `total` cents: refused when it would take the stake or loss of any period past its limit
 * (the stake counts as lost until its round is settled), or when this login session has lasted longer
 * than the session limit. `rows` are the player's limits read with the locked player row; `windows`
 * the periods at `now` (periodWindows).
 */
export async function checkBetLimits(
  tx: DbOrTx,
  opts: { userId: number; sessionId?: number; total: number; rows: LimitRow[]; now: number; windows: PeriodWindows; timeZone: string },
): Promise<void> {
  const active = activeLimits(opts.rows, BET_LIMIT_KINDS, opts.now);
  if (active.length === 0) return;
  const used = await usageOf(tx, { ...opts, limits: active });
  for (const l of active) {
    const u = used.get(l) ?? 0;
    if (l.kind === 'session' ? u >= l.limit : u + opts.total > l.limit) refuse(l, u, opts.windows, opts.timeZone);
  }
}

/**
 * Money coming back into play — a deposit request or a withdrawal the player reverses — of `amount`
 * cents: refused when it would take any deposit limit past its value. Call after locking the player's row.
 */
export async function checkDepositLimits(tx: DbOrTx, opts: { userId: number; amount: number; now: number; timeZone: string }): Promise<void> {
  const active = activeLimits(await readLimits(tx, opts.userId, ['deposit']), ['deposit'], opts.now);
  if (active.length === 0) return;
  const windows = periodWindows(opts.now, opts.timeZone);
  const used = await usageOf(tx, { ...opts, limits: active, windows });
  for (const l of active) {
    const u = used.get(l) ?? 0;
    if (u + opts.amount > l.limit) refuse(l, u, windows, opts.timeZone);
  }
}

/** Every limit of the player, in a fixed order, for the player's screen. */
export async function limitsWithUsage(db: DbOrTx, opts: { userId: number; now: number; timeZone: string; sessionId?: number }) {
  const rows = await readLimits(db, opts.userId);
  const shown = rows.filter((r) => inForce(r, opts.now) !== null || (r.pendingFrom !== null && r.pendingFrom > opts.now));
  const order = [...MONEY_LIMIT_KINDS, 'session'];
  shown.sort(
    (a, b) =>
      order.indexOf(a.kind) - order.indexOf(b.kind) || [...LIMIT_PERIODS, 'session'].indexOf(a.period) - [...LIMIT_PERIODS, 'session'].indexOf(b.period),
  );
  const used = await usageOf(db, { ...opts, limits: shown, windows: periodWindows(opts.now, opts.timeZone) });
  return shown.map((r) => presentLimit(r, opts.now, opts.timeZone, used.get(r) ?? 0));
}

const showValue = (kind: LimitKind, v: number | null) => (v === null ? null : kind === 'session' ? String(v) : formatMoney(v));

/** A limit on the wire: what is in force now, and a change still waiting. */
export function presentLimit(r: LimitRow, now: number, timeZone: string, used: number) {
  const waiting = r.pendingFrom !== null && r.pendingFrom > now;
  return {
    kind: r.kind,
    period: r.period,
    amount: showValue(r.kind, inForce(r, now)),
    pending_amount: waiting ? showValue(r.kind, r.pendingAmount) : null,
    pending_from: waiting ? Math.floor(r.pendingFrom! / 1000) : null,
    used: r.kind === 'session' ? String(used) : formatMoney(Math.max(0, used)),
    resets_at: r.kind === 'session' ? null : Math.floor(periodBounds(r.period as LimitPeriod, now, timeZone).end / 1000),
  };
}
