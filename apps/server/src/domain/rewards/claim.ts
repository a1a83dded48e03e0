/**
 * The one claim path (issue 25): in one transaction, the player's row locked first (domain/lockOrder.ts),
 * protection checked, the progress read, and for each claim due its reward_claims row — unique per
 * campaign, player and period — and its ledger row(s). Double taps, two devices, retries and two nodes
 * meet at the player's lock and then at the unique index: whatever runs second finds nothing left
 * to pay, and a unique violation would roll the whole payment back. Each ledger row's memo is the
 * campaign's title in the claimant's language: the fund details show the reward with its campaign.
 */
import { sql } from 'drizzle-orm';
import { formatMoney, type ApiLang } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { postLedger } from '../ledger/post.js';
import { lockPlayer } from '../lockOrder.js';
import { findCampaign, hasEnded, isLive, type Campaign } from './campaigns.js';
import { promotionBlock, refuseIfBlocked } from './protection.js';
import { readProgress, type DueClaim, type Progress } from './progress.js';

export interface ClaimResult {
  campaign: Campaign;
  paid: number;
  /** Balance (money + score) after. */
  over: number;
  progress: Progress;
}

/** Writes one due claim and its ledger rows; false when the period was already claimed (nothing written). */
async function payClaim(tx: DbOrTx, c: Campaign, userId: number, due: DueClaim, now: number, lang: ApiLang): Promise<{ over: number } | false> {
  const [claim] = await queryRows<{ id: string }>(
    tx,
    sql`
    insert into reward_claims (campaign_id, user_id, period, kind, amount, wager_required, streak_day, created_at)
    values (${c.id}, ${userId}, ${due.period}, ${due.kind}, ${due.amount}, ${due.wagerRequired ?? 0}, ${due.streakDay ?? null}, ${new Date(now).toISOString()})
    on conflict (campaign_id, user_id, period) do nothing
    returning id`,
  );
  if (!claim) return false;
  if (due.amount === 0) return { over: -1 };
  const row = { userId, type: due.ledgerType, refType: 'reward_claim', refId: Number(claim.id), memo: c.title[lang], createdAt: new Date(now) };
  if (due.wallet) return postLedger(tx, { ...row, wallet: due.wallet, quantity: due.amount });
  await postLedger(tx, { ...row, wallet: 'score', quantity: -due.amount });
  return postLedger(tx, { ...row, wallet: 'money', quantity: due.amount });
}

/**
 * A point inside the claim transaction, after every claim and its ledger rows are written and before
 * the commit: the crash test (test/crash/rewardClaimCrash.test.ts) stops a server process there and
 * kills it. Unset in production.
 */
export const claimFaults: { beforeCommit?: () => Promise<void> } = {};

/**
 * What a campaign no longer live still pays: the release of a bonus granted while it ran, and — once it
 * has ended (not merely been disabled) — the rakeback days it accrued, each within its claim window
 * (the progress reader already counts only stakes settled before the end, and lapses a day after
 * RAKEBACK_CLAIM_DAYS).
 */
export function stillOwed(c: Campaign, d: DueClaim, now: number): boolean {
  if (d.kind === 'bonus_release') return true;
  return d.kind === 'rakeback' && hasEnded(c, now);
}

export async function claimReward(db: Db, opts: { userId: number; campaignId: number; now: number; timeZone: string; lang?: ApiLang }): Promise<ClaimResult> {
  const { userId, now, timeZone } = opts;
  return inTransaction(db, async (tx) => {
    const player = await lockPlayer<{ over: string }>(tx, userId, sql`(money + score)::text as over`);
    if (!player) throw new AppError('err.not_found');
    refuseIfBlocked(await promotionBlock(tx, { userId, now, timeZone }));
    const campaign = await findCampaign(tx, opts.campaignId);
    if (!campaign) throw new AppError('err.campaign_not_found', { field: 'campaign_id' });
    const ctx = { userId, now, timeZone };
    const progress = await readProgress(tx, campaign, ctx);
    // An ended campaign pays nothing new; what it already owes stays: a bonus granted may still be
    // released, and rakeback days accrued while it ran are paid within their claim window.
    const due = isLive(campaign, now) ? progress.due : progress.due.filter((d) => stillOwed(campaign, d, now));
    if (!isLive(campaign, now) && due.length === 0) throw new AppError('err.campaign_not_found', { field: 'campaign_id' });
    if (due.length === 0) {
      if (progress.bonus?.expiredReason === 'withdrawal') throw new AppError('err.reward_bonus_after_withdrawal');
      if (progress.bonus?.expiredReason === 'forfeited') throw new AppError('err.reward_bonus_forfeited');
      if (progress.bonus && progress.bonus.amount !== null && progress.bonus.released === null) {
        throw new AppError('err.reward_wagering_unmet', { params: { remaining: formatMoney(Math.max(0, progress.bonus.required - progress.bonus.staked)) } });
      }
      throw new AppError(progress.state === 'claimed' ? 'err.reward_already_claimed' : 'err.reward_nothing_to_claim');
    }
    let paid = 0;
    let over = Number(player.over);
    for (const d of due) {
      const done = await payClaim(tx, campaign, userId, d, now, opts.lang ?? 'tw');
      // Under the player's lock a claim due was not yet made: a conflict means the data moved under us.
      if (!done) throw new AppError('err.reward_already_claimed');
      if (done.over >= 0) over = done.over;
      paid += d.amount;
    }
    const result = { campaign, paid, over, progress: await readProgress(tx, campaign, ctx) };
    await claimFaults.beforeCommit?.();
    return result;
  });
}
