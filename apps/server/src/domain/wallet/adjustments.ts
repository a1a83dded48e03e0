/**
 * Balance adjustments (issue 43, docs/design.md#balance-adjustments): an operator's debit or credit of
 * one balance, posted as ledger type 12 whose memo is the public text the player reads. Above the
 * settings' four-eyes amount it waits for a second operator; a debit waiting holds its money in a
 * pending, applied type-12 row (as a withdrawal does), which approval passes and rejection refunds. Each
 * step runs in the caller's transaction, in the lock order (domain/lockOrder.ts): the player, then the
 * adjustment, then the ledger.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { AdjustmentStatus, formatMoney, type AdjustmentReason } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { balanceAdjustments, ledger } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { LedgerStatus, LedgerType, postLedger, type Wallet } from '../ledger/post.js';
import { lockPlayer } from '../lockOrder.js';
import { MEMBER_GROUP } from '../accounts/users.js';

export interface AdjustmentRequest {
  userId: number;
  /** Signed cents: negative a debit. */
  amount: number;
  wallet: Wallet;
  reasonCode: AdjustmentReason;
  publicText: string;
  note: string;
  giftLedgerId?: number;
  operatorId: number;
  /** The four-eyes threshold in force (cents): above it the adjustment waits. */
  approvalAbove: number;
  now: number;
}

/** What an adjustment made or decided answers: its status, its type-12 row and the player's balance (money + score) after. */
export interface AdjustmentOutcome {
  id: number;
  userId: number;
  status: number;
  ledgerId: number | null;
  over: number;
}

/**
 * Test seams for the crash test (test/crash/adjustmentCrash.test.ts): `afterPost` runs inside the
 * transaction once the adjustment's money has moved — a direct post's row written, an approval's held
 * row passed — before the audit row and the commit.
 */
export const adjustmentFaults: { afterPost?: (step: 'post' | 'approve') => Promise<void> } = {};

/** A debit that would take the balance below zero: the adjustment's own wording, with the balance there is. */
const insufficient = (err: unknown) => {
  throw err instanceof AppError && err.key === 'err.insufficient_balance' ? new AppError('err.adjust_insufficient', { field: 'amount' }) : err;
};

/**
 * The gift a reversal names: a passed type-4 row of the same player, in the wallet the reversal debits,
 * not reversed yet (the partial unique index holds "once" under concurrency; this check gives the
 * clear answer), for at least the reversal's amount. A gift already spent (the balance now below the
 * amount) is refused by the balance rule like any debit: the operator reverses what is left.
 */
async function checkGift(tx: DbOrTx, req: AdjustmentRequest, giftLedgerId: number) {
  const [gift] = await queryRows<{ user_id: number; type: number; status: number; wallet: string; quantity: number | string }>(
    tx,
    sql`select user_id, type, status, wallet, quantity from ledger where id = ${giftLedgerId}`,
  );
  if (
    !gift ||
    gift.user_id !== req.userId ||
    Number(gift.type) !== LedgerType.gift ||
    Number(gift.status) !== LedgerStatus.passed ||
    Number(gift.quantity) <= 0
  ) {
    throw new AppError('err.adjust_gift_invalid', { field: 'gift_ledger_id' });
  }
  if (gift.wallet !== req.wallet) throw new AppError('err.adjust_gift_wallet', { field: 'wallet' });
  if (-req.amount > Number(gift.quantity)) throw new AppError('err.adjust_gift_exceeds', { field: 'amount' });
  const [taken] = await tx
    .select({ id: balanceAdjustments.id })
    .from(balanceAdjustments)
    .where(and(eq(balanceAdjustments.giftLedgerId, giftLedgerId), ne(balanceAdjustments.status, AdjustmentStatus.rejected)))
    .limit(1);
  if (taken) throw new AppError('err.adjust_gift_reversed', { field: 'gift_ledger_id' });
}

const postAdjustment = (tx: DbOrTx, a: { id: number; userId: number; wallet: Wallet; amount: number; publicText: string }, status: number, now: number) =>
  postLedger(tx, {
    userId: a.userId,
    type: LedgerType.adjustment,
    status,
    wallet: a.wallet,
    quantity: a.amount,
    refType: 'adjustment',
    refId: a.id,
    memo: a.publicText,
    createdAt: new Date(now),
  }).catch(insufficient);

/**
 * A new adjustment. At or below the threshold it is approved by its requester and posted now; above it,
 * it waits (a debit's money held in a pending type-12 row). Never to a guest; never below zero.
 */
export async function requestAdjustment(tx: DbOrTx, req: AdjustmentRequest): Promise<AdjustmentOutcome> {
  const user = await lockPlayer<{ group_id: number; money: number | string; score: number | string }>(tx, req.userId, sql`group_id, money, score`);
  if (!user) throw new AppError('err.not_found', { field: 'id' });
  if (Number(user.group_id) !== MEMBER_GROUP) throw new AppError('err.guest_no_money', { field: 'id' });
  if (req.giftLedgerId !== undefined) await checkGift(tx, req, req.giftLedgerId);
  const needsSecond = Math.abs(req.amount) > req.approvalAbove;
  const at = new Date(req.now);
  const [row] = await tx
    .insert(balanceAdjustments)
    .values({
      userId: req.userId,
      wallet: req.wallet,
      amount: req.amount,
      reasonCode: req.reasonCode,
      publicText: req.publicText,
      note: req.note,
      giftLedgerId: req.giftLedgerId ?? null,
      status: needsSecond ? AdjustmentStatus.pending : AdjustmentStatus.approved,
      requestedBy: req.operatorId,
      decidedBy: needsSecond ? null : req.operatorId,
      decidedAt: needsSecond ? null : at,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: balanceAdjustments.id });
  // Another reversal of the same gift committed between the check and the insert.
  if (!row) throw new AppError('err.adjust_gift_reversed', { field: 'gift_ledger_id' });
  const adjustment = { id: row.id, userId: req.userId, wallet: req.wallet, amount: req.amount, publicText: req.publicText };
  const posts = !needsSecond || req.amount < 0;
  if (!posts) return { id: row.id, userId: req.userId, status: AdjustmentStatus.pending, ledgerId: null, over: Number(user.money) + Number(user.score) };
  const posted = await postAdjustment(tx, adjustment, needsSecond ? LedgerStatus.pending : LedgerStatus.passed, req.now);
  await tx.update(balanceAdjustments).set({ ledgerId: posted.id }).where(eq(balanceAdjustments.id, row.id));
  if (!needsSecond) await adjustmentFaults.afterPost?.('post');
  return { id: row.id, userId: req.userId, status: needsSecond ? AdjustmentStatus.pending : AdjustmentStatus.approved, ledgerId: posted.id, over: posted.over };
}

/**
 * Claims a pending adjustment for the second operator's decision: the player first, then one update
 * that moves it only while it is still pending and was asked by someone else — so of two approvals (on
 * one node or two) the second finds it decided and nothing is posted twice.
 */
async function claimAdjustment(tx: DbOrTx, opts: { id: number; to: number; operatorId: number; now: number; note?: string }) {
  const [found] = await tx
    .select({ userId: balanceAdjustments.userId, requestedBy: balanceAdjustments.requestedBy })
    .from(balanceAdjustments)
    .where(eq(balanceAdjustments.id, opts.id))
    .limit(1);
  if (!found) throw new AppError('err.not_found', { field: 'id' });
  if (found.requestedBy === opts.operatorId) throw new AppError('err.adjust_same_operator', { field: 'id' });
  await lockPlayer(tx, found.userId);
  const [row] = await tx
    .update(balanceAdjustments)
    .set({ status: opts.to, decidedBy: opts.operatorId, decidedAt: new Date(opts.now), decisionNote: opts.note ?? null })
    .where(and(eq(balanceAdjustments.id, opts.id), eq(balanceAdjustments.status, AdjustmentStatus.pending)))
    .returning();
  if (!row) throw new AppError('err.request_not_pending', { field: 'id' });
  return { ...row, wallet: row.wallet as Wallet };
}

const balanceOf = async (tx: DbOrTx, userId: number) => {
  const [u] = await queryRows<{ over: number | string }>(tx, sql`select money + score as over from users where id = ${userId}`);
  return Number(u!.over);
};

/** Approval by a second operator: a held debit's row becomes passed; a credit is posted now. */
export async function approveAdjustment(tx: DbOrTx, opts: { id: number; operatorId: number; now: number }): Promise<AdjustmentOutcome> {
  const a = await claimAdjustment(tx, { ...opts, to: AdjustmentStatus.approved });
  if (a.ledgerId !== null) {
    await tx.update(ledger).set({ status: LedgerStatus.passed }).where(eq(ledger.id, a.ledgerId));
    await adjustmentFaults.afterPost?.('approve');
    return { id: a.id, userId: a.userId, status: AdjustmentStatus.approved, ledgerId: a.ledgerId, over: await balanceOf(tx, a.userId) };
  }
  const posted = await postAdjustment(tx, a, LedgerStatus.passed, opts.now);
  await tx.update(balanceAdjustments).set({ ledgerId: posted.id }).where(eq(balanceAdjustments.id, a.id));
  await adjustmentFaults.afterPost?.('approve');
  return { id: a.id, userId: a.userId, status: AdjustmentStatus.approved, ledgerId: posted.id, over: posted.over };
}

/** Rejection by a second operator: a held debit's row becomes rejected and a refund row (type 12) puts the money back. */
export async function rejectAdjustment(tx: DbOrTx, opts: { id: number; operatorId: number; now: number; reason: string }): Promise<AdjustmentOutcome> {
  const a = await claimAdjustment(tx, { ...opts, to: AdjustmentStatus.rejected, note: opts.reason });
  if (a.ledgerId === null) return { id: a.id, userId: a.userId, status: AdjustmentStatus.rejected, ledgerId: null, over: await balanceOf(tx, a.userId) };
  await tx.update(ledger).set({ status: LedgerStatus.rejected }).where(eq(ledger.id, a.ledgerId));
  const refund = await postLedger(tx, {
    userId: a.userId,
    type: LedgerType.adjustment,
    wallet: a.wallet,
    quantity: -a.amount,
    refType: 'adjustment_refund',
    refId: a.id,
    memo: a.publicText,
    createdAt: new Date(opts.now),
  });
  return { id: a.id, userId: a.userId, status: AdjustmentStatus.rejected, ledgerId: a.ledgerId, over: refund.over };
}

const unix = (v: Date | string | null) => (v === null ? null : Math.floor(new Date(v).getTime() / 1000));

/** Adjustments newest first, of one status and/or one player, with who asked and who decided. */
export async function listAdjustments(db: DbOrTx, f: { status?: number; userId?: number; page: number; limit: number }) {
  const conds = [sql`true`];
  if (f.status !== undefined) conds.push(sql`a.status = ${f.status}`);
  if (f.userId !== undefined) conds.push(sql`a.user_id = ${f.userId}`);
  const where = sql.join(conds, sql` and `);
  const rows = await queryRows<{
    id: number | string;
    user_id: number;
    username: string;
    wallet: string;
    amount: number | string;
    reason_code: AdjustmentReason;
    public_text: string;
    note: string;
    gift_ledger_id: number | string | null;
    status: number;
    ledger_id: number | string | null;
    requested_by: number;
    requester: string;
    decided_by: number | null;
    decider: string | null;
    decision_note: string | null;
    created_at: Date | string;
    decided_at: Date | string | null;
  }>(
    db,
    sql`
    select a.id, a.user_id, u.username, a.wallet, a.amount, a.reason_code, a.public_text, a.note, a.gift_ledger_id, a.status, a.ledger_id,
      a.requested_by, r.username as requester, a.decided_by, d.username as decider, a.decision_note, a.created_at, a.decided_at
    from balance_adjustments a join users u on u.id = a.user_id join operators r on r.id = a.requested_by
      left join operators d on d.id = a.decided_by
    where ${where}
    order by a.id desc limit ${f.limit} offset ${(f.page - 1) * f.limit}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from balance_adjustments a where ${where}`);
  return {
    total: Number(count?.n ?? 0),
    list: rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id,
      username: r.username,
      wallet: r.wallet,
      amount: formatMoney(Number(r.amount)),
      reason_code: r.reason_code,
      public_text: r.public_text,
      note: r.note,
      gift_ledger_id: r.gift_ledger_id === null ? null : Number(r.gift_ledger_id),
      status: Number(r.status),
      ledger_id: r.ledger_id === null ? null : Number(r.ledger_id),
      requested_by: { id: r.requested_by, username: r.requester },
      decided_by: r.decided_by === null ? null : { id: r.decided_by, username: r.decider ?? '' },
      decision_note: r.decision_note ?? '',
      createtime: unix(r.created_at),
      decidetime: unix(r.decided_at),
    })),
  };
}
