/** The first-deposit bonus campaign's progress: the grant, its wagering and its release (progress.ts reads it). */
import { sql } from 'drizzle-orm';
import type { FirstDepositTerms } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { LedgerType } from '../ledger/post.js';
import { atRiskSince } from './atRisk.js';
import { bonusWinnings } from './bonusFunds.js';
import type { Campaign } from './campaigns.js';
import { claimsOf, type ClaimRow, type Ctx, type Progress } from './progressCommon.js';

/**
 * What is left of a granted bonus in stored funds: the grant less the stakes taken from stored funds
 * (orders' from_score, settled or not) since the grant, and never more than the stored funds hold.
 * Check-in rewards also wait in stored funds; only the bonus may be released as "bonus", so the
 * stakes from stored funds are counted against the bonus first and nothing else is ever moved.
 */
export async function bonusLeft(db: DbOrTx, userId: number, grant: ClaimRow): Promise<number> {
  const [row] = await queryRows<{ from_score: string; score: string }>(
    db,
    sql`
    select coalesce((select sum(from_score) from orders where user_id = ${userId} and created_at >= ${new Date(grant.createdAt).toISOString()}), 0)::text as from_score,
      score::text as score
    from users where id = ${userId}`,
  );
  return Math.max(0, Math.min(grant.amount - Number(row?.from_score ?? 0), Number(row?.score ?? 0)));
}

export interface BonusWagering {
  /** The grant, cents. */
  amount: number;
  /** The wagering it needs (money at risk since the grant), cents. */
  required: number;
  /** The money at risk since the grant so far, cents. */
  staked: number;
}

/** The player's first-deposit bonuses granted and not yet ended (released or forfeited: a 'release' period), each with its wagering so far. */
export async function bonusesWagering(db: DbOrTx, userId: number): Promise<BonusWagering[]> {
  const grants = await queryRows<{ amount: string; wager_required: string; created_at: string }>(
    db,
    sql`
    select g.amount::text as amount, g.wager_required::text as wager_required, g.created_at from reward_claims g
    where g.user_id = ${userId} and g.period = 'grant' and g.kind = 'bonus_grant'
      and not exists (select 1 from reward_claims r where r.campaign_id = g.campaign_id and r.user_id = g.user_id and r.period = 'release')
    order by g.created_at, g.id`,
  );
  const out: BonusWagering[] = [];
  for (const g of grants) {
    out.push({ amount: Number(g.amount), required: Number(g.wager_required), staked: await atRiskSince(db, userId, new Date(g.created_at).getTime()) });
  }
  return out;
}

/**
 * Whether the player made a withdrawal (pending or approved) at or after the approval of `depositId`
 * (their first approved deposit). Read inside the claim's transaction after the player's row is locked, as the withdrawal
 * path reads the grant: a withdrawal and a grant at the same moment cannot both go through.
 */
async function withdrewSince(db: DbOrTx, userId: number, depositId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from withdrawals
    where user_id = ${userId} and status in (0, 1) and created_at >= (select reviewed_at from deposits where id = ${depositId})`,
  );
  return Number(row?.n ?? 0) > 0;
}

/**
 * First-deposit bonus: x % of the player's first approved deposit (approved while the campaign runs) up
 * to the cap, granted to stored funds with a wagering requirement of bonus × N; once the player's
 * money at risk since the grant (atRisk.ts: a hedge wagers nothing) reaches it, the bonus (what is left of it in stored funds, see
 * `bonusLeft`) is released to the withdrawable balance by a second claim — or, while the requirement is
 * unmet, the player may forfeit it (forfeit.ts; the card carries what that takes). It is offered only while no
 * withdrawal (pending or approved) was made after the first approved deposit: otherwise a player could
 * take the deposit back out and play on the bonus alone.
 */
export async function firstDepositProgress(db: DbOrTx, c: Campaign, ctx: Ctx): Promise<Progress> {
  const terms = c.terms as FirstDepositTerms;
  const claims = await claimsOf(db, c.id, ctx.userId);
  const grant = claims.find((r) => r.period === 'grant');
  // A bonus ends once, in its 'release' period: released to the balance, or forfeited (forfeit.ts).
  const release = claims.find((r) => r.period === 'release');
  if (grant) {
    const staked = await atRiskSince(db, ctx.userId, grant.createdAt);
    const bonus = { amount: grant.amount, staked, required: grant.wagerRequired, released: null, expiredReason: null, forfeited: null, forfeit: null };
    if (release?.kind === 'bonus_forfeit') return { state: 'expired', due: [], bonus: { ...bonus, expiredReason: 'forfeited', forfeited: release.amount } };
    if (release) return { state: 'claimed', due: [], bonus: { ...bonus, released: release.amount } };
    if (staked < grant.wagerRequired) {
      const forfeit = { left: await bonusLeft(db, ctx.userId, grant), ...(await bonusWinnings(db, ctx.userId, grant)) };
      return { state: 'in_progress', due: [], bonus: { ...bonus, forfeit } };
    }
    const amount = await bonusLeft(db, ctx.userId, grant);
    return { state: 'available', due: [{ period: 'release', kind: 'bonus_release', amount, wallet: null, ledgerType: LedgerType.bonusRelease }], bonus };
  }
  const [deposit] = await queryRows<{ id: string; amount: string; reviewed_at: string }>(
    db,
    sql`
    select id::text as id, amount::text as amount, reviewed_at from deposits where user_id = ${ctx.userId} and status = 1
    order by reviewed_at, id limit 1`,
  );
  const none = { amount: null, staked: 0, required: 0, released: null, expiredReason: null, forfeited: null, forfeit: null };
  if (!deposit) return { state: 'waiting', due: [], bonus: none };
  const approved = new Date(deposit.reviewed_at).getTime();
  const amount = Math.min(terms.cap, Math.floor((Number(deposit.amount) * terms.percent) / 100));
  const inCampaign = approved >= c.startsAt && (c.endsAt === null || approved < c.endsAt);
  if (!inCampaign || amount <= 0 || (c.endsAt !== null && ctx.now >= c.endsAt)) return { state: 'expired', due: [], bonus: none };
  if (await withdrewSince(db, ctx.userId, deposit.id)) {
    return { state: 'expired', due: [], bonus: { ...none, expiredReason: 'withdrawal' } };
  }
  const wagerRequired = amount * terms.wager_multiple;
  return {
    state: 'available',
    due: [{ period: 'grant', kind: 'bonus_grant', amount, wallet: 'score', ledgerType: LedgerType.firstDepositBonus, wagerRequired }],
    bonus: { ...none, required: wagerRequired },
  };
}
