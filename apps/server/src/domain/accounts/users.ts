import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { users } from '../../db/schema.js';
import { zonedDayStart } from '../time.js';

export const MEMBER_GROUP = 1;
export const GUEST_GROUP = 2;
/** Real-name status (docs/product.md#states-and-transitions): 0 unverified, 1 under review, 2 verified. */
export const Shiming = { none: 0, review: 1, verified: 2 } as const;

export async function findUserByName(db: DbOrTx, username: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * user/profile, in the caller's transaction: the ID-card number only while none is stored (it is
 * the withdrawals' identity check), the nickname and the avatar whenever given.
 */
export async function updateProfile(tx: DbOrTx, userId: number, input: { idcard?: string; nickname?: string; avatar?: number }) {
  if (input.idcard !== undefined) {
    const updated = await tx
      .update(users)
      .set({ idcard: input.idcard })
      .where(and(eq(users.id, userId), isNull(users.idcard)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('err.idcard_already_set', { field: 'idcard' });
  }
  const rest: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) rest.nickname = input.nickname;
  if (input.avatar !== undefined) rest.avatar = input.avatar;
  if (Object.keys(rest).length > 0) await tx.update(users).set(rest).where(eq(users.id, userId));
}

/** Stores a new password hash (the caller revokes the sessions in the same transaction). */
export async function setPasswordHash(tx: DbOrTx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Stores a new security-code hash. */
export async function setSecurityCodeHash(db: DbOrTx, userId: number, securityCodeHash: string) {
  await db.update(users).set({ securityCodeHash }).where(eq(users.id, userId));
}

export const guestName = () => `guest_${randomBytes(5).toString('hex')}`;

export type UserRow = typeof users.$inferSelect;

/** Net result of settled bets in [from, to), cents. */
async function profitBetween(db: DbOrTx, userId: number, from: number, to: number): Promise<number> {
  const rows = await queryRows<{ profit: number | string }>(
    db,
    sql`
    select coalesce(sum(profit), 0)::bigint as profit from orders
    where user_id = ${userId} and status = 1
      and settled_at >= ${new Date(from).toISOString()} and settled_at < ${new Date(to).toISOString()}`,
  );
  return Number(rows[0]?.profit ?? 0);
}

/** The user object of `user/userInfo` (docs/product.md#entities-and-their-fields), every amount real and computed from the data. */
export async function userInfo(db: DbOrTx, user: UserRow, now: number, timeZone: string) {
  const todayStart = zonedDayStart(now, timeZone);
  const yesterdayStart = zonedDayStart(todayStart - 12 * 3600 * 1000, timeZone);
  const [today, yesterday] = await Promise.all([profitBetween(db, user.id, todayStart, now + 1), profitBetween(db, user.id, yesterdayStart, todayStart)]);
  return {
    id: user.id,
    user_id: user.id,
    username: user.username,
    nickname: user.nickname ?? user.username,
    avatar: user.avatar,
    idcard: user.idcard ?? '',
    shiming: user.shiming,
    group_id: user.groupId,
    today_profit: formatMoney(today),
    /** Yesterday's profit (the spec's personal centre shows it as "profit"). */
    profit: formatMoney(yesterday),
    money: formatMoney(user.money),
    score: formatMoney(user.score),
    /** Total assets: money + score. */
    balance: formatMoney(user.money + user.score),
    has_security_code: user.securityCodeHash !== null,
  };
}

/** The `userinfo` object answered by login, register and guest login. */
export const loginInfo = (user: UserRow, token: string) => ({
  token,
  user_id: user.id,
  id: user.id,
  username: user.username,
  group_id: user.groupId,
  money: formatMoney(user.money),
  score: formatMoney(user.score),
  balance: formatMoney(user.money + user.score),
});

/** How many players registered through this member's invite link. */
export async function countInvitees(db: DbOrTx, inviterId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where inviter_id = ${inviterId}`);
  return Number(row?.n ?? 0);
}
