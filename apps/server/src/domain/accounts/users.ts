import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { users } from '../../db/schema.js';
import { zonedDayStart } from '../time.js';

export const MEMBER_GROUP = 1;
export const GUEST_GROUP = 2;

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

export const guestName = () => `guest_${randomBytes(5).toString('hex')}`;

export type UserRow = typeof users.$inferSelect;

/** Net result of settled bets in [from, to), cents. */
async function profitBetween(db: DbOrTx, userId: number, from: number, to: number): Promise<number> {
  const rows = await queryRows<{ profit: number | string }>(db, sql`
    select coalesce(sum(profit), 0)::bigint as profit from orders
    where user_id = ${userId} and status = 1
      and settled_at >= ${new Date(from).toISOString()} and settled_at < ${new Date(to).toISOString()}`);
  return Number(rows[0]?.profit ?? 0);
}

/** The user object of `user/userInfo` (spec §3), every amount real and computed from the data. */
export async function userInfo(db: DbOrTx, user: UserRow, now: number, timeZone: string) {
  const todayStart = zonedDayStart(now, timeZone);
  const yesterdayStart = zonedDayStart(todayStart - 12 * 3600 * 1000, timeZone);
  const [today, yesterday] = await Promise.all([
    profitBetween(db, user.id, todayStart, now + 1),
    profitBetween(db, user.id, yesterdayStart, todayStart),
  ]);
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
