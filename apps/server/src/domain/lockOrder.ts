/**
 * The lock order. Every transaction that changes a player's row and rows of theirs takes its row
 * locks in this order:
 *   1. the player's `users` row, FOR UPDATE (`lockPlayer`), before anything else of theirs — even when
 *      the work starts from a request's id (an operator's decision: read the request's player, lock
 *      the player, then claim the request);
 *   2. then the request row: withdrawal, deposit, real-name request;
 *   3. then ledger rows (and other rows of theirs: station messages, sessions, idempotency keys).
 * Game rows come before players: a bet takes its round FOR SHARE, then the player; settlement takes
 * the round FOR UPDATE, then its bettors in id order (several players in one transaction always go
 * in id order).
 *
 * Why: two transactions that take the same two locks in opposite orders can wait on each other, and
 * PostgreSQL breaks that deadlock by failing one of them (40P01). The player's row is the one every
 * money path ends up touching: posting a ledger row updates it, and inserting any row that references
 * the player (a ledger row, a station message) takes a KEY SHARE lock on it, which waits for another
 * transaction's FOR UPDATE. An approval that claimed the withdrawal first and needed the player
 * second would meet the player's reversal, which holds the player and wants the withdrawal. With one
 * order they only queue: the first decides, the second finds the request no longer pending.
 * (`db/transaction.ts` still retries a deadlock or serialization failure, for what this rule does not
 * cover.)
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query.js';

/**
 * Step 1: locks the player's `users` row for the rest of the caller's transaction and answers the
 * `columns` asked for (default: the id), or undefined when there is no such player.
 */
export async function lockPlayer<T extends Record<string, unknown> = { id: number }>(
  tx: DbOrTx,
  userId: number,
  columns: SQL = sql`id`,
): Promise<T | undefined> {
  const [row] = await queryRows<T>(tx, sql`select ${columns} from users where id = ${userId} for update`);
  return row;
}
