/**
 * A first-deposit bonus can be left (issue 42): while it is being wagered its player may forfeit it,
 * and from then on nothing holds their withdrawals back. A forfeit takes back what the bonus is and
 * what it made — what is left of it in stored funds (`bonusLeft`, the release's own computation) and
 * what bets paid with it won (`bonusWinnings`, from the balance, as far as it holds) — so leaving a
 * bonus never turns it into withdrawable money: a hedge on the bonus, or a bonus played after the
 * deposit was lost, gives back what it won. The wagering done so far is lost.
 *
 * One transaction, the player's row locked first (domain/lockOrder.ts), as the release (claim.ts) and
 * the withdrawal (routes/wallet/withdraw.ts) lock it: a forfeit, a release and a withdrawal queue on
 * that row and each reads what the one before it did. The forfeit is the bonus's `release` row of its
 * own kind ('bonus_forfeit') in reward_claims, whose unique key (campaign, player, period) allows one
 * end per bonus: a forfeit and a release can never both be written, whatever runs them. Its ledger
 * rows are type 10, one per wallet touched, with the campaign's title as memo.
 */
import { formatMoney, type ApiLang } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { saveAnswer, type IdempotencyClaim } from '../idempotency.js';
import { LedgerType, postLedger } from '../ledger/post.js';
import { lockPlayer } from '../lockOrder.js';
import { findCampaign, type Campaign } from './campaigns.js';
import { presentCard } from './present.js';
import { readProgress, type Progress } from './progress.js';

/**
 * A point inside the forfeit's transaction, after its claim row and ledger rows are written and before
 * the commit: the crash test (test/crash/bonusForfeitCrash.test.ts) stops a server process there and
 * kills it. Unset in production.
 */
export const forfeitFaults: { beforeCommit?: () => Promise<void> } = {};

export interface ForfeitAnswer {
  id: number;
  card: ReturnType<typeof presentCard>;
  forfeited: string;
  over: string;
}

/** Refuses a forfeit the progress does not allow: no bonus being wagered, its wagering done, or a bet paid with it still open. */
function forfeitable(progress: Progress) {
  const bonus = progress.bonus;
  if (bonus?.forfeit) {
    if (bonus.forfeit.openBets) throw new AppError('err.bonus_forfeit_open_bets');
    return bonus.forfeit;
  }
  if (bonus && bonus.amount !== null && bonus.released === null && bonus.forfeited === null) throw new AppError('err.bonus_forfeit_release_due');
  throw new AppError('err.bonus_forfeit_none');
}

/**
 * Forfeits the player's bonus of `campaignId` when what it takes now is `confirmed` (cents) — the amount
 * the card showed them: anything else is refused with the new amount. The answer is saved under the
 * request's Idempotency-Key, last, so a retry with the key is answered the same.
 */
export async function forfeitBonus(
  db: Db,
  opts: { userId: number; campaignId: number; confirmed: number; now: number; timeZone: string; lang: ApiLang; idempotency?: IdempotencyClaim },
): Promise<ForfeitAnswer> {
  const { userId, now, timeZone, lang } = opts;
  return inTransaction(db, async (tx) => {
    if (!(await lockPlayer(tx, userId))) throw new AppError('err.not_found');
    const campaign: Campaign | null = await findCampaign(tx, opts.campaignId);
    if (!campaign || campaign.kind !== 'first_deposit') throw new AppError('err.campaign_not_found', { field: 'campaign_id' });
    const ctx = { userId, now, timeZone };
    const { left, won } = forfeitable(await readProgress(tx, campaign, ctx));
    const total = left + won;
    if (total !== opts.confirmed) throw new AppError('err.bonus_forfeit_changed', { field: 'amount', params: { amount: formatMoney(total) } });
    const [claim] = await queryRows<{ id: string }>(
      tx,
      sql`
      insert into reward_claims (campaign_id, user_id, period, kind, amount, wager_required, streak_day, created_at)
      values (${campaign.id}, ${userId}, 'release', 'bonus_forfeit', ${total}, 0, null, ${new Date(now).toISOString()})
      on conflict (campaign_id, user_id, period) do nothing
      returning id`,
    );
    // Under the player's lock the bonus was still open: a conflict means the data moved under us.
    if (!claim) throw new AppError('err.bonus_forfeit_none');
    const row = {
      userId,
      type: LedgerType.bonusForfeit,
      refType: 'reward_claim',
      refId: Number(claim.id),
      memo: campaign.title[lang],
      createdAt: new Date(now),
    };
    if (left > 0) await postLedger(tx, { ...row, wallet: 'score', quantity: -left });
    if (won > 0) await postLedger(tx, { ...row, wallet: 'money', quantity: -won });
    const [player] = await queryRows<{ over: string }>(tx, sql`select (money + score)::text as over from users where id = ${userId}`);
    const answer = {
      id: Number(claim.id),
      card: presentCard(campaign, await readProgress(tx, campaign, ctx), lang),
      forfeited: formatMoney(total),
      over: formatMoney(Number(player!.over)),
    };
    await saveAnswer(tx, opts.idempotency, answer, now);
    await forfeitFaults.beforeCommit?.();
    return answer;
  });
}
