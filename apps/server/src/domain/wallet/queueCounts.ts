import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

/** Items waiting in each review queue: pending deposits and withdrawals, real-name requests under review. */
export async function pendingReviewCounts(db: DbOrTx): Promise<{ deposits: number; withdrawals: number; real_names: number }> {
  const [row] = await queryRows<{ deposits: number; withdrawals: number; real_names: number }>(
    db,
    sql`
    select (select count(*)::int from deposits where status = 0) as deposits,
           (select count(*)::int from withdrawals where status = 0) as withdrawals,
           (select count(*)::int from real_name_requests where status = 1) as real_names`,
  );
  return { deposits: Number(row!.deposits), withdrawals: Number(row!.withdrawals), real_names: Number(row!.real_names) };
}
