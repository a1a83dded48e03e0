/**
 * Guest accounts (docs/design.md#guests): a guest watches everything live and bets, deposits and withdraws
 * nothing; it becomes a member in place (same id, same session) or, idle for 30 days, is deleted.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { pgArray, queryRows } from '../../db/query.js';
import { sqlStateOf } from '../../db/failures.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { lockPlayer } from '../lockOrder.js';
import { hashSecret } from '../security/passwords.js';
import { GUEST_GROUP, MEMBER_GROUP, findUserByName, type UserRow } from './users.js';
import { inviterOf } from './registration.js';

/** A guest none of whose sessions was used for this long (and created at least this long ago) is deleted. */
export const GUEST_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** Advisory lock held by the node that deletes idle guests: one node at a time does it, the others skip the run. */
const GUEST_CLEANUP_LOCK = 28_0301;
/** Guests deleted per transaction; a run repeats until fewer are left. */
const CLEANUP_BATCH = 500;

/**
 * Makes guest `userId` a member with `username` and `password` (its strength is the caller's check):
 * the same row, so the same id and every session of it stay valid. The inviter, when named, is judged
 * as at registration (`inviterOf`), and `joined` runs in the same transaction with the new member, as
 * registration's own follow-up does (the referral marks). Refused when the caller is already a member
 * or the name is taken (also by a registration racing this one).
 */
export async function upgradeGuest(
  db: Db,
  userId: number,
  input: { username: string; password: string; inviterId?: number },
  joined: (tx: DbOrTx, member: UserRow) => Promise<unknown> = async () => {},
): Promise<UserRow> {
  const passwordHash = await hashSecret(input.password);
  try {
    return await inTransaction(db, async (tx) => {
      const guest = await lockPlayer<{ id: number; group_id: number }>(tx, userId, sql`id, group_id`);
      if (!guest) throw new AppError('err.not_logged_in', { httpStatus: 401, code: 401 });
      if (Number(guest.group_id) !== GUEST_GROUP) throw new AppError('err.already_member');
      const holder = await findUserByName(tx, input.username);
      if (holder && holder.id !== userId) throw new AppError('err.username_taken', { field: 'username' });
      const inviterId = await inviterOf(tx, input.inviterId);
      const [user] = await tx
        .update(users)
        .set({ username: input.username, passwordHash, groupId: MEMBER_GROUP, inviterId })
        .where(sql`${users.id} = ${userId}`)
        .returning();
      await joined(tx, user!);
      return user!;
    });
  } catch (err) {
    // The unique index on lower(username): a registration of the same name committed first.
    if (sqlStateOf(err) === '23505') throw new AppError('err.username_taken', { field: 'username' });
    throw err;
  }
}

/**
 * Deletes guests idle since `now - GUEST_IDLE_MS`: created before then and no session of theirs
 * used since (a session's `last_seen_at`, kept up to the minute while it is used). With the guest go
 * its sessions, station messages and their read marks, support hand-offs, limits, payout accounts
 * and idempotency keys. A guest holds no money, so it has no ledger rows; one that has any row of
 * money or review (ledger, orders, deposits, withdrawals, real-name requests, uploads: possible only
 * for accounts made before guests were barred from betting) is kept, since those rows are never
 * deleted. Answers how many were deleted, or null when another node is doing it right now.
 */
export async function deleteIdleGuests(db: Db, now: number): Promise<number | null> {
  const cutoff = new Date(now - GUEST_IDLE_MS).toISOString();
  let total = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${GUEST_CLEANUP_LOCK}) as ok`);
      if (!lock?.ok) return null;
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`
        select u.id from users u
        where u.group_id = ${GUEST_GROUP} and u.created_at < ${cutoff}::timestamptz
          and not exists (select 1 from sessions s where s.user_id = u.id and s.last_seen_at >= ${cutoff}::timestamptz)
          and not exists (select 1 from ledger l where l.user_id = u.id)
          and not exists (select 1 from orders o where o.user_id = u.id)
          and not exists (select 1 from deposits d where d.user_id = u.id)
          and not exists (select 1 from withdrawals w where w.user_id = u.id)
          and not exists (select 1 from real_name_requests r where r.user_id = u.id)
          and not exists (select 1 from uploads f where f.user_id = u.id)
        order by u.id
        limit ${CLEANUP_BATCH}
        for update of u skip locked`,
      );
      if (rows.length === 0) return 0;
      const ids = sql`${pgArray(rows.map((r) => r.id))}::int[]`;
      await tx.execute(sql`delete from notice_reads where user_id = any(${ids}) or notice_id in (select id from notices where user_id = any(${ids}))`);
      for (const table of ['notices', 'sessions', 'support_handoffs', 'player_limits', 'pay_accounts', 'idempotency_keys']) {
        await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = any(${ids})`);
      }
      await tx.execute(sql`delete from users where id = any(${ids}) and group_id = ${GUEST_GROUP}`);
      return rows.length;
    });
    if (batch === null) return total > 0 ? total : null;
    total += batch;
    if (batch < CLEANUP_BATCH) return total;
  }
}
