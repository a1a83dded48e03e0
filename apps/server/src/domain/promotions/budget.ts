/**
 * The promotions budget (docs/red-packets.md#the-budget): the house's money for red packets, kept apart from
 * the players' ledger. One row holds the balance; every change is one conditional update of it (never
 * below zero) and one append-only movement with the balance after, in the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

export type BudgetMovementKind = 'top_up' | 'packet' | 'return';

export interface BudgetMove {
  kind: BudgetMovementKind;
  /** Signed cents: a top-up and a return +, a packet − its total. */
  amount: number;
  packetId?: number;
  operatorId?: number;
  note?: string;
  now: number;
}

/** Moves the budget by `amount` and records it; a packet larger than the balance is refused with the balance. */
export async function moveBudget(tx: DbOrTx, move: BudgetMove): Promise<{ id: number; balanceAfter: number }> {
  const [row] = await queryRows<{ balance: string }>(
    tx,
    sql`update promotion_budget set balance = balance + ${move.amount} where id = 1 and balance + ${move.amount} >= 0 returning balance::text`,
  );
  if (!row) {
    const [now] = await queryRows<{ balance: string }>(tx, sql`select balance::text from promotion_budget where id = 1`);
    throw new AppError('err.promotion_budget_short', { field: 'total', params: { balance: formatMoney(Number(now?.balance ?? 0)) } });
  }
  const balanceAfter = Number(row.balance);
  const [movement] = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into promotion_budget_movements (kind, amount, balance_after, packet_id, operator_id, note, created_at)
    values (${move.kind}, ${move.amount}, ${balanceAfter}, ${move.packetId ?? null}, ${move.operatorId ?? null}, ${move.note ?? ''}, ${new Date(move.now).toISOString()})
    returning id::text`,
  );
  return { id: Number(movement!.id), balanceAfter };
}

export async function budgetBalance(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(db, sql`select balance::text from promotion_budget where id = 1`);
  return Number(row?.balance ?? 0);
}

export interface BudgetMovement {
  id: number;
  kind: BudgetMovementKind;
  amount: number;
  balanceAfter: number;
  packetId: number | null;
  operator: string | null;
  note: string;
  createdAt: number;
}

/** The movements, newest first, a page at a time. */
export async function budgetMovements(db: DbOrTx, page: { page: number; limit: number }): Promise<{ total: number; list: BudgetMovement[] }> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select m.id::text, m.kind, m.amount::text, m.balance_after::text, m.packet_id::text, o.username, m.note, m.created_at, count(*) over () as n
    from promotion_budget_movements m left join operators o on o.id = m.operator_id
    order by m.id desc limit ${page.limit} offset ${(page.page - 1) * page.limit}`,
  );
  const [count] = rows.length ? [{ n: rows[0]!.n }] : await queryRows<{ n: string }>(db, sql`select count(*)::text as n from promotion_budget_movements`);
  return {
    total: Number(count?.n ?? 0),
    list: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind as BudgetMovementKind,
      amount: Number(r.amount),
      balanceAfter: Number(r.balance_after),
      packetId: r.packet_id === null ? null : Number(r.packet_id),
      operator: (r.username as string | null) ?? null,
      note: String(r.note),
      createdAt: new Date(r.created_at as string).getTime(),
    })),
  };
}
