import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { deposits, realNameRequests, withdrawals } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { formatMoney } from '@lucky28/shared';
import { sendStationMessage } from '../content/notices.js';
import { lockPlayer } from '../lockOrder.js';

/** The requests an operator decides: each has `status`, `reason`, `reviewed_by` and `reviewed_at`. */
type ReviewedTable = typeof deposits | typeof withdrawals | typeof realNameRequests;

/** The columns every review queue reads for each request: the request, its player, its status and reason, when it came. */
export interface QueueColumns {
  id: number | string;
  user_id: number;
  username: string;
  status: number;
  reason: string | null;
  created_at: Date | string;
}

/** What every queue row answers of those columns (the console's common queue columns). */
export const queueRowOf = (r: QueueColumns) => ({
  id: Number(r.id),
  user_id: r.user_id,
  username: r.username,
  status: r.status,
  reason: r.reason ?? '',
  createtime: Math.floor(new Date(r.created_at).getTime() / 1000),
});

/**
 * Claims a pending request for an operator's decision, in the lock order (domain/lockOrder.ts): the
 * request's player is locked first, then one update moves the request from `from` to `to` with the
 * reviewer, the time and the reason, only while it still stands at `from` — so two decisions, or a
 * decision and the player's own reversal, queue on the player and the second finds it decided.
 * `operatorId` null: decided by the previous system, brought in by the importer (domain/import/requests.ts).
 * Unknown → err.not_found; already decided → err.request_not_pending. Answers the updated row.
 */
export async function claimPending<T extends ReviewedTable>(
  tx: DbOrTx,
  table: T,
  opts: { id: number; from: number; to: number; operatorId: number | null; now: number; reason?: string },
): Promise<T['$inferSelect']> {
  // The three tables share these columns; drizzle cannot type an update over a union of tables.
  const t = table as unknown as typeof withdrawals;
  // A request's player never changes: read without a lock, to know whom to lock first.
  const [request] = await tx.select({ userId: t.userId }).from(t).where(eq(t.id, opts.id)).limit(1);
  if (!request) throw new AppError('err.not_found');
  await lockPlayer(tx, request.userId);
  const rows = await tx
    .update(t)
    .set({ status: opts.to, reviewedBy: opts.operatorId, reviewedAt: new Date(opts.now), reason: opts.reason ?? null })
    .where(and(eq(t.id, opts.id), eq(t.status, opts.from)))
    .returning();
  const row = rows[0];
  if (!row) throw new AppError('err.request_not_pending');
  return row as T['$inferSelect'];
}

/** Tells the player a money request (deposit or withdrawal) was rejected: its amount and the operator's reason. */
export async function tellMoneyRequestRejected(
  tx: DbOrTx,
  request: { userId: number; amount: number },
  event: 'deposit_rejected' | 'withdraw_rejected',
  opts: { now: number; reason?: string },
): Promise<void> {
  await sendStationMessage(tx, {
    userId: request.userId,
    event,
    params: { amount: formatMoney(request.amount), reason: opts.reason ?? '' },
    now: opts.now,
  });
}
