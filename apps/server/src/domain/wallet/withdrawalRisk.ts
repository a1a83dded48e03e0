/**
 * What a finance operator weighs before paying a withdrawal out (issue 43): the player's deposits
 * against what they played (money at risk, the measure a bonus's wagering uses), a bonus still
 * wagering, how long the payout account has been theirs, and the other players who registered or
 * signed in from one of their addresses or devices (the keyed marks of domain/referral/marks.ts). Read-only.
 */
import { sql } from 'drizzle-orm';
import { formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { maskNickname } from '../../present.js';
import { roundsAtRisk } from '../rewards/atRisk.js';
import { bonusesWagering } from '../rewards/bonus.js';

/** How many of the players sharing an address or device the answer names (the count is of all). */
export const SHARED_PLAYERS_SHOWN = 20;

const unix = (v: Date | string) => Math.floor(new Date(v).getTime() / 1000);

export async function withdrawalRisk(db: DbOrTx, withdrawalId: number) {
  const [w] = await queryRows<{ user_id: number; type: number; since: Date | string | null; deposits: string; deposit_count: number }>(
    db,
    sql`
    select w.user_id, w.type, coalesce(pa.changed_at, pa.created_at) as since,
      (select coalesce(sum(amount), 0)::text from deposits where user_id = w.user_id and status = 1) as deposits,
      (select count(*)::int from deposits where user_id = w.user_id and status = 1) as deposit_count
    from withdrawals w left join pay_accounts pa on pa.user_id = w.user_id and pa.type = w.type
    where w.id = ${withdrawalId}`,
  );
  if (!w) throw new AppError('err.not_found', { field: 'id' });
  const userId = Number(w.user_id);
  const turnover = (await roundsAtRisk(db, userId, sql`true`)).reduce((s, r) => s + r.atRisk, 0);
  // The oldest bonus still wagering is the one a withdrawal waits for (at most one runs at a time).
  const [bonus] = await bonusesWagering(db, userId);
  return {
    id: withdrawalId,
    user_id: userId,
    deposits: formatMoney(Number(w.deposits)),
    deposit_count: Number(w.deposit_count),
    turnover: formatMoney(turnover),
    bonus: bonus
      ? {
          amount: formatMoney(bonus.amount),
          required: formatMoney(bonus.required),
          staked: formatMoney(bonus.staked),
          left: formatMoney(Math.max(0, bonus.required - bonus.staked)),
        }
      : null,
    account_since: w.since === null ? null : unix(w.since),
    shared: await sharingPlayers(db, userId),
  };
}

/** The other players holding one of the player's marks: how many, and the first SHARED_PLAYERS_SHOWN by id, with what they share. */
async function sharingPlayers(db: DbOrTx, userId: number) {
  const rows = await queryRows<{ user_id: number; username: string; ip: boolean; device: boolean; total: number }>(
    db,
    sql`
    select o.user_id, u.username, bool_or(o.kind = 'ip') as ip, bool_or(o.kind = 'device') as device, (count(*) over ())::int as total
    from referral_marks m
      join referral_marks o on o.kind = m.kind and o.hash = m.hash and o.user_id <> m.user_id
      join users u on u.id = o.user_id
    where m.user_id = ${userId}
    group by o.user_id, u.username
    order by o.user_id
    limit ${SHARED_PLAYERS_SHOWN}`,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    players: rows.map((r) => ({
      user_id: Number(r.user_id),
      username: maskNickname(r.username),
      via: [...(r.ip ? (['ip'] as const) : []), ...(r.device ? (['device'] as const) : [])],
    })),
  };
}
