/**
 * What a granted bonus won while it was played — with what is left of it in stored funds (`bonusLeft`,
 * bonus.ts), what a forfeit takes back (forfeit.ts). Stakes placed since the grant and paid from
 * stored funds are counted against the bonus first, in the order they were placed, as `bonusLeft`
 * counts them; the part of an order's stake the bonus paid is its bonus part, and the order's payout ×
 * bonus part ÷ stake (rounded down) is what the bonus won with it. Payouts go to the balance, so a
 * forfeit takes that from the balance, as far as the balance holds it now.
 *
 * The balance is one sum: once the bonus's winnings are in it, no rule can tell whose money a later
 * loss was. Taking them "as far as the balance holds" is the one reading that never leaves the bonus's
 * winnings withdrawable without the wagering: had a deposit made after the win been kept out of reach
 * instead, a player could win with the bonus, deposit D and stake D at even odds — winning, the forfeit
 * takes the bonus's winnings W from the larger balance; losing, it finds only W, the deposit's "own"
 * money gone, takes nothing, and W is withdrawn: W/2 expected for free. The card says the amount
 * before the player confirms; one who finds it too much may keep wagering instead.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export interface BonusWinnings {
  /** What bets paid with the bonus won, capped at the player's balance (money) now, cents. */
  won: number;
  /** A bet paid (partly) with the bonus awaits its draw: what it wins is not known yet. */
  openBets: boolean;
}

export async function bonusWinnings(db: DbOrTx, userId: number, grant: { amount: number; createdAt: number }): Promise<BonusWinnings> {
  const [row] = await queryRows<{ won: string; open: number; money: string }>(
    db,
    sql`
    with since as (
      select o.amount, o.payout, o.status, o.from_score,
        coalesce(sum(o.from_score) over (order by o.created_at, o.id rows between unbounded preceding and 1 preceding), 0) as before
      from orders o
      where o.user_id = ${userId} and o.created_at >= ${new Date(grant.createdAt).toISOString()} and o.from_score > 0
    ), parts as (
      select amount, payout, status, greatest(0, least(from_score, ${grant.amount} - before))::bigint as part from since
    )
    select coalesce(sum((payout * part) / amount) filter (where status = 1), 0)::text as won,
      (count(*) filter (where status = 0 and part > 0))::int as open,
      (select money from users where id = ${userId})::text as money
    from parts`,
  );
  return { won: Math.min(Number(row?.won ?? 0), Number(row?.money ?? 0)), openBets: Number(row?.open ?? 0) > 0 };
}
