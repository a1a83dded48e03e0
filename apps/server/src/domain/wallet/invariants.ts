import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export interface Discrepancy {
  userId: number;
  problem: string;
  detail: Record<string, number | string>;
}

/**
 * Reconciliation of DESIGN §4's money invariants over the whole database, one query each:
 * - I1: each balance (money and score separately) equals the sum of its applied ledger rows;
 * - I2: no balance below zero;
 * - the wallet's own bookkeeping: a pending or rejected deposit never reached the balance, an approved
 *   one did exactly once; every withdrawal was debited once, and a rejected one refunded exactly once;
 *   at most one withdrawal pending per user.
 * Returns every discrepancy found (empty = consistent). Used by tests and by the operators' reconcile call.
 */
export async function findDiscrepancies(db: DbOrTx): Promise<Discrepancy[]> {
  const out: Discrepancy[] = [];
  const balances = await queryRows<{ id: number; money: string | number; score: string | number; lm: string | number; ls: string | number }>(
    db,
    sql`
    select u.id, u.money, u.score,
      coalesce(sum(l.quantity) filter (where l.applied and l.wallet = 'money'), 0)::bigint as lm,
      coalesce(sum(l.quantity) filter (where l.applied and l.wallet = 'score'), 0)::bigint as ls
    from users u left join ledger l on l.user_id = u.id
    group by u.id, u.money, u.score
    having u.money <> coalesce(sum(l.quantity) filter (where l.applied and l.wallet = 'money'), 0)
        or u.score <> coalesce(sum(l.quantity) filter (where l.applied and l.wallet = 'score'), 0)
        or u.money < 0 or u.score < 0`,
  );
  for (const b of balances) {
    const [money, score, lm, ls] = [Number(b.money), Number(b.score), Number(b.lm), Number(b.ls)];
    if (money !== lm) out.push({ userId: b.id, problem: 'money_vs_ledger', detail: { money, ledger: lm } });
    if (score !== ls) out.push({ userId: b.id, problem: 'score_vs_ledger', detail: { score, ledger: ls } });
    if (money < 0 || score < 0) out.push({ userId: b.id, problem: 'negative_balance', detail: { money, score } });
  }

  const deposits = await queryRows<{ id: number | string; user_id: number; status: number }>(
    db,
    sql`
    select d.id, d.user_id, d.status from deposits d left join ledger l on l.id = d.ledger_id
    where l.id is null or l.type <> 0 or l.user_id <> d.user_id or l.quantity <> d.amount or l.status <> d.status
       or l.applied <> (d.status = 1)`,
  );
  for (const d of deposits) out.push({ userId: d.user_id, problem: 'deposit_ledger_mismatch', detail: { deposit: Number(d.id), status: d.status } });

  const withdrawals = await queryRows<{ id: number | string; user_id: number; status: number; refunds: number }>(
    db,
    sql`
    select w.id, w.user_id, w.status,
      (select count(*)::int from ledger r where r.ref_type = 'withdrawal_refund' and r.ref_id = w.id) as refunds
    from withdrawals w left join ledger l on l.id = w.ledger_id
    where l.id is null or l.type <> 1 or l.user_id <> w.user_id or l.quantity <> -w.amount or not l.applied
       or l.status <> w.status
       or (select count(*) from ledger r where r.ref_type = 'withdrawal_refund' and r.ref_id = w.id
             and r.quantity = w.amount and r.applied) <> (case when w.status = 2 then 1 else 0 end)
       or (select count(*) from ledger r where r.ref_type = 'withdrawal_refund' and r.ref_id = w.id)
             <> (case when w.status = 2 then 1 else 0 end)`,
  );
  for (const w of withdrawals) {
    out.push({ userId: w.user_id, problem: 'withdrawal_ledger_mismatch', detail: { withdrawal: Number(w.id), status: w.status, refunds: w.refunds } });
  }

  const pending = await queryRows<{ user_id: number; n: number }>(
    db,
    sql`
    select user_id, count(*)::int as n from withdrawals where status = 0 group by user_id having count(*) > 1`,
  );
  for (const p of pending) out.push({ userId: p.user_id, problem: 'several_pending_withdrawals', detail: { pending: p.n } });
  return out;
}
