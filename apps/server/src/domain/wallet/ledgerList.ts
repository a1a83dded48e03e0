import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export const LEDGER_PAGE_DEFAULT = 200;
export const LEDGER_PAGE_MAX = 500;

interface Row {
  id: number | string;
  type: number;
  status: number;
  wallet: string;
  quantity: number | string;
  applied: boolean;
  over: number | string;
  gorct: number;
  memo: string | null;
  created_at: Date | string;
  legacy: boolean;
}

/**
 * One user's ledger rows in [from, to), newest first (the "fund ledger entry" of docs/product.md#entities-and-their-fields): createtime in
 * Unix seconds, amounts as decimal strings. Always scoped to the caller's own rows. A player brought
 * from the previous product also sees that product's rows (legacy_ledger, `legacy: true`; its `over` is
 * the cash balance after, all it kept; a deposit it had not credited is not applied) in the same list,
 * by the same range, type, order and pages: they are all older than the move, so they follow ours.
 */
export async function listLedger(db: DbOrTx, opts: { userId: number; from: number; to: number; type?: number; page?: number; limit?: number }) {
  const limit = Math.min(Math.max(opts.limit ?? LEDGER_PAGE_DEFAULT, 1), LEDGER_PAGE_MAX);
  const offset = (Math.max(opts.page ?? 1, 1) - 1) * limit;
  const [from, to] = [new Date(opts.from).toISOString(), new Date(opts.to).toISOString()];
  const rows = await queryRows<Row>(
    db,
    sql`
    select id, type, status, wallet, quantity, applied, over, gorct, memo, created_at, false as legacy from ledger
    where user_id = ${opts.userId}
      and created_at >= ${from} and created_at < ${to}
      ${opts.type === undefined ? sql`` : sql`and type = ${opts.type}`}
    union all
    select id, type, status, 'money', quantity, not (type = 0 and status <> 1), cash_after, 0, memo, created_at, true from legacy_ledger
    where user_id = ${opts.userId}
      and created_at >= ${from} and created_at < ${to}
      ${opts.type === undefined ? sql`` : sql`and type = ${opts.type}`}
    order by created_at desc, legacy, id desc
    limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    createtime: Math.floor(new Date(r.created_at).getTime() / 1000),
    type: Number(r.type),
    gorct: Number(r.gorct),
    status: Number(r.status),
    quantity: formatMoney(Number(r.quantity)),
    over: formatMoney(Number(r.over)),
    /** 'money' (withdrawable) or 'score' (stored funds). */
    wallet: r.wallet,
    /** False for a deposit still awaiting review: its amount is not in the balance yet. */
    applied: r.applied,
    memo: r.memo ?? '',
    legacy: r.legacy === true,
  }));
}
