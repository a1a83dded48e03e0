import { sendStationMessage } from '../content/notices.js';
import { eq, sql } from 'drizzle-orm';
import { formatMoney, maskName, maskTail } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { ledger, withdrawals } from '../../db/schema.js';
import { claimPending, queueRowOf, tellMoneyRequestRejected, type QueueColumns } from './claimPending.js';
import { AppError } from '../../errors.js';
import { holderMark, recentAccountChange } from '../accounts/payAccounts.js';
import { Shiming } from '../accounts/users.js';
import { LedgerStatus, LedgerType, postLedger } from '../ledger/post.js';
import { lockPlayer } from '../lockOrder.js';

export interface PayoutAccount {
  type: number;
  acc: string;
  acc_name: string;
  acc_bank: string;
  mark: string;
}

/**
 * A withdrawal request, in the caller's transaction and the lock order (domain/lockOrder.ts: the
 * player, then the request, then the ledger): the withdrawals row (the partial unique index
 * withdrawals_one_pending_uq lets only one be pending per user, whatever the concurrency) and the
 * debit of the withdrawable balance into a pending, applied ledger row. Nothing is written when
 * either fails.
 */
export async function requestWithdrawal(
  tx: DbOrTx,
  opts: { userId: number; amount: number; account: PayoutAccount; now: number },
): Promise<{ id: number; ledgerId: number; over: number }> {
  if (!(await lockPlayer(tx, opts.userId))) throw new AppError('err.not_found');
  const inserted = await tx
    .insert(withdrawals)
    .values({ userId: opts.userId, amount: opts.amount, type: opts.account.type, account: opts.account, createdAt: new Date(opts.now) })
    .onConflictDoNothing()
    .returning({ id: withdrawals.id });
  const row = inserted[0];
  if (!row) throw new AppError('err.withdraw_pending');
  // The balance fell since the route's check (a bet at the same moment): the withdrawal's own wording.
  const posted = await postLedger(tx, {
    userId: opts.userId,
    type: LedgerType.withdraw,
    status: LedgerStatus.pending,
    wallet: 'money',
    quantity: -opts.amount,
    refType: 'withdrawal',
    refId: row.id,
    memo: opts.account.type === 0 ? 'bank' : 'wallet',
    createdAt: new Date(opts.now),
  }).catch((err: unknown) => {
    throw err instanceof AppError && err.key === 'err.insufficient_balance' ? new AppError('err.withdraw_insufficient', { field: 'money' }) : err;
  });
  await tx.update(withdrawals).set({ ledgerId: posted.id }).where(eq(withdrawals.id, row.id));
  return { id: row.id, ledgerId: posted.id, over: posted.over };
}

/** Whether the user has a withdrawal awaiting review (at most one may be, docs/product.md#validation-rules). */
export async function hasPendingWithdrawal(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from withdrawals where user_id = ${userId} and status = 0`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The user's withdrawal awaiting review, or null. */
export async function pendingWithdrawal(db: DbOrTx, userId: number) {
  const [row] = await queryRows<{ id: number | string; amount: number | string; type: number; created_at: Date | string }>(
    db,
    sql`
    select id, amount, type, created_at from withdrawals where user_id = ${userId} and status = 0 order by id desc limit 1`,
  );
  if (!row) return null;
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  return { id: Number(row.id), money: formatMoney(Number(row.amount)), type: Number(row.type), createtime: Math.floor(createdAt.getTime() / 1000) };
}

/** Approval (the operator has paid out): the request and its ledger row become passed (claimPending locks the player first). */
export async function approveWithdrawal(tx: DbOrTx, opts: { id: number; operatorId: number | null; now: number }) {
  const w = await claimPending(tx, withdrawals, { id: opts.id, from: 0, to: 1, operatorId: opts.operatorId, now: opts.now });
  await tx.update(ledger).set({ status: LedgerStatus.passed }).where(eq(ledger.id, w.ledgerId!));
  await sendStationMessage(tx, { userId: w.userId, event: 'withdraw_approved', params: { amount: formatMoney(w.amount) }, now: opts.now });
  return w;
}

/**
 * Rejection: the request and its debit row become rejected, and a new refund row puts the amount back
 * (ledger rows are never changed in amount; a reversal is a new row).
 */
export async function rejectWithdrawal(tx: DbOrTx, opts: { id: number; operatorId: number | null; now: number; reason?: string }) {
  const w = await claimPending(tx, withdrawals, { id: opts.id, from: 0, to: 2, operatorId: opts.operatorId, now: opts.now, reason: opts.reason });
  await tx.update(ledger).set({ status: LedgerStatus.rejected }).where(eq(ledger.id, w.ledgerId!));
  await postLedger(tx, {
    userId: w.userId,
    type: LedgerType.withdraw,
    status: LedgerStatus.passed,
    wallet: 'money',
    quantity: w.amount,
    refType: 'withdrawal_refund',
    refId: w.id,
    memo: opts.reason ? `refund: ${opts.reason}` : 'refund',
    createdAt: new Date(opts.now),
  });
  await tellMoneyRequestRejected(tx, w, 'withdraw_rejected', opts);
  return w;
}

export async function listWithdrawals(db: DbOrTx, status: number, limit = 200) {
  const rows = await queryRows<
    QueueColumns & {
      real_name: string | null;
      shiming: number;
      idcard: string | null;
      amount: number | string;
      type: number;
      account: PayoutAccount;
      reviewed_at: Date | string | null;
      account_changed_at: Date | string | null;
    }
  >(
    db,
    sql`
    select w.id, w.user_id, u.username, u.real_name, u.shiming, u.idcard, w.amount, w.type, w.account, w.status, w.reason, w.created_at, w.reviewed_at,
      pa.changed_at as account_changed_at
    from withdrawals w join users u on u.id = w.user_id
      left join pay_accounts pa on pa.user_id = w.user_id and pa.type = w.type
    where w.status = ${status}
    order by w.created_at ${status === 0 ? sql`asc` : sql`desc`}, w.id
    limit ${limit}`,
  );
  // A pending request shows what the operator pays to, in full; a decided one needs it no more (masked).
  const full = status === 0;
  return rows.map((r) => ({
    ...queueRowOf(r),
    real_name: full ? (r.real_name ?? '') : maskName(r.real_name ?? ''),
    idcard: full ? (r.idcard ?? '') : maskIdNumber(r.idcard ?? ''),
    amount: formatMoney(Number(r.amount)),
    type: r.type,
    /** The payout account as it was when the player asked: in full while pending (the operator pays to it). */
    account: full ? r.account : maskPayoutAccount(r.account),
    reviewtime: r.reviewed_at ? Math.floor(new Date(r.reviewed_at).getTime() / 1000) : null,
    account_changed_at: recentAccountChange(r.account_changed_at, r.created_at, r.reviewed_at),
    /** A bank card's holder (as the request recorded it) against the player's verified real name now. */
    holder_check: holderMark(r.type, r.account.acc, Number(r.shiming) === Shiming.verified ? r.real_name : null),
  }));
}

/** "110101199003077777" → "110*************74". */
export const maskIdNumber = (v: string) => (v.length <= 5 ? v : `${v.slice(0, 3)}${'*'.repeat(v.length - 5)}${v.slice(-2)}`);

/** A decided withdrawal's bank card as the player's own screens show it; a wallet address is public. */
const maskPayoutAccount = (a: PayoutAccount): PayoutAccount => (a.type === 0 ? { ...a, acc: maskName(a.acc), acc_name: maskTail(a.acc_name) } : a);
