import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { deposits, realNameRequests, withdrawals } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** The requests an operator decides: each has `status`, `reason`, `reviewed_by` and `reviewed_at`. */
type ReviewedTable = typeof deposits | typeof withdrawals | typeof realNameRequests;

/**
 * Claims a request for an operator's decision: one update moves it from `from` to `to` with the
 * reviewer, the time and the reason, only while it still stands at `from` — the row lock of that
 * update is what keeps two operators from deciding it twice. Unknown → err.not_found; already
 * decided → err.request_not_pending. Answers the updated row.
 */
export async function claimForReview<T extends ReviewedTable>(
  tx: DbOrTx,
  table: T,
  opts: { id: number; from: number; to: number; operatorId: number; now: number; reason?: string },
): Promise<T['$inferSelect']> {
  // The three tables share these columns; drizzle cannot type an update over a union of tables.
  const t = table as unknown as typeof withdrawals;
  const rows = await tx
    .update(t)
    .set({ status: opts.to, reviewedBy: opts.operatorId, reviewedAt: new Date(opts.now), reason: opts.reason ?? null })
    .where(and(eq(t.id, opts.id), eq(t.status, opts.from)))
    .returning();
  const row = rows[0];
  if (!row) {
    const exists = await tx.select({ id: t.id }).from(t).where(eq(t.id, opts.id)).limit(1);
    throw new AppError(exists.length ? 'err.request_not_pending' : 'err.not_found');
  }
  return row as T['$inferSelect'];
}
