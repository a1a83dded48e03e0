/** The campaigns a player is offered, each with its progress; and what a granted bonus still holds back from a withdrawal (until released or forfeited). */
import { sql } from 'drizzle-orm';
import { RAKEBACK_CLAIM_DAYS, formatMoney } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { stillOwed } from './claim.js';
import { findCampaign, liveCampaigns, type Campaign } from './campaigns.js';
import { promotionBlock } from './protection.js';
import { bonusesWagering } from './bonus.js';
import { readProgress, type Progress } from './progress.js';

interface Ctx {
  userId: number;
  now: number;
  timeZone: string;
}

/** Bonus campaigns, live or not, where the player holds a granted bonus not yet released (it may still be released). */
async function openBonusCampaigns(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await queryRows<{ campaign_id: number }>(
    db,
    sql`
    select g.campaign_id from reward_claims g
    where g.user_id = ${userId} and g.period = 'grant'
      and not exists (select 1 from reward_claims r where r.campaign_id = g.campaign_id and r.user_id = g.user_id and r.period = 'release')`,
  );
  return rows.map((r) => Number(r.campaign_id));
}

/**
 * Rakeback campaigns that ended recently enough for a day they accrued to be still claimable
 * (RAKEBACK_CLAIM_DAYS after that day); the caller keeps those where the player has a day to claim.
 */
async function recentlyEndedRakeback(db: DbOrTx, now: number): Promise<Campaign[]> {
  const at = new Date(now).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id from campaigns
    where kind = 'rakeback' and enabled and ends_at <= ${at}
      and ends_at > ${at}::timestamptz - ${sql.raw(`interval '${RAKEBACK_CLAIM_DAYS + 1} days'`)}
    order by id`,
  );
  return (await Promise.all(rows.map((r) => findCampaign(db, Number(r.id))))).filter((c): c is Campaign => c !== null);
}

/**
 * A granted bonus still being wagered, listed even while the player opted out or reached a limit:
 * it holds their withdrawals back, so its card stays, to be forfeited (forfeit.ts) — nothing is offered
 * or claimable there.
 */
async function heldBonuses(db: DbOrTx, ctx: Ctx): Promise<{ campaign: Campaign; progress: Progress }[]> {
  const held = [];
  for (const id of await openBonusCampaigns(db, ctx.userId)) {
    const campaign = await findCampaign(db, id);
    if (!campaign) continue;
    const progress = await readProgress(db, campaign, ctx);
    if (progress.bonus?.forfeit) held.push({ campaign, progress });
  }
  return held;
}

/**
 * Live campaigns (plus any bonus still to be released, and any ended rakeback with a day still
 * claimable) with their progress. While the player opted out or has reached a stake or loss limit,
 * only a bonus still being wagered (to be forfeited); an excluded player is refused.
 */
export async function campaignsForPlayer(
  db: DbOrTx,
  ctx: Ctx,
): Promise<{ optOut: boolean; limitResets: string | null; list: { campaign: Campaign; progress: Progress }[] }> {
  const block = await promotionBlock(db, ctx);
  if (block.optOut || block.limitResets) return { ...block, list: await heldBonuses(db, ctx) };
  const live = await liveCampaigns(db, ctx.now);
  const extra = (await openBonusCampaigns(db, ctx.userId)).filter((id) => !live.some((c) => c.id === id));
  const campaigns = [...live, ...((await Promise.all(extra.map((id) => findCampaign(db, id)))).filter(Boolean) as Campaign[])];
  const list = [];
  for (const campaign of campaigns) list.push({ campaign, progress: await readProgress(db, campaign, ctx) });
  // An ended rakeback campaign stays listed while one of its days can still be claimed (claim.ts pays it).
  for (const campaign of await recentlyEndedRakeback(db, ctx.now)) {
    if (list.some((e) => e.campaign.id === campaign.id)) continue;
    const progress = await readProgress(db, campaign, ctx);
    if (progress.due.some((d) => stillOwed(campaign, d, ctx.now))) list.push({ campaign, progress });
  }
  return { ...block, list };
}

/** One campaign's progress for the player (refused as the list would leave it out). */
export async function campaignForPlayer(db: DbOrTx, ctx: Ctx & { campaignId: number }) {
  const { list } = await campaignsForPlayer(db, ctx);
  const found = list.find((e) => e.campaign.id === ctx.campaignId);
  if (!found) throw new AppError('err.campaign_not_found', { field: 'campaign_id' });
  return found;
}

/**
 * A withdrawal while a granted bonus's wagering requirement is unmet is refused, saying what is left to
 * stake (or to forfeit the bonus, forfeit.ts: a forfeited bonus holds nothing back, its 'release' period
 * taken): otherwise a deposit could take a bonus, leave with the deposit and play the bonus alone. The
 * withdrawal calls it inside its transaction after the player's row is locked (domain/lockOrder.ts),
 * as the grant (claim.ts) reads the player's withdrawals under the same lock: a withdrawal and a grant
 * at the same moment queue on that row, and the second sees the first.
 */
export async function refuseWithdrawalWhileWagering(db: DbOrTx, userId: number): Promise<void> {
  for (const b of await bonusesWagering(db, userId)) {
    const remaining = b.required - b.staked;
    if (remaining > 0) throw new AppError('err.withdraw_bonus_wagering', { field: 'money', params: { remaining: formatMoney(remaining) } });
  }
}
