import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { claimReward } from '../../domain/rewards/claim.js';
import { forfeitBonus } from '../../domain/rewards/forfeit.js';
import { idempotencyClaim, idempotent } from '../../domain/idempotency.js';
import { campaignForPlayer, campaignsForPlayer } from '../../domain/rewards/playerCampaigns.js';
import { presentCard } from '../../domain/rewards/present.js';
import { setPromotionsOptOut } from '../../domain/rewards/protection.js';

/** Rewards for players (issue 25): the campaigns with their state, one campaign's progress, a claim, a bonus's forfeit (issue 42), the promotions opt-out. */
export default async function rewardRoutes(app: FastifyInstance) {
  const timeZone = app.config.timeZone;

  serve(app, api.rewards.rewardList, {}, async (request, reply) => {
    const ctx = { userId: request.user!.userId, now: app.clock.now(), timeZone };
    const { optOut, limitResets, list } = await campaignsForPlayer(app.db, ctx);
    return reply.ok({ opt_out: optOut, limit_resets: limitResets, list: list.map((e) => presentCard(e.campaign, e.progress, request.lang)) });
  });

  serve(app, api.rewards.rewardProgress, {}, async (request, reply) => {
    const ctx = { userId: request.user!.userId, now: app.clock.now(), timeZone, campaignId: request.body.campaign_id };
    const { campaign, progress } = await campaignForPlayer(app.db, ctx);
    return reply.ok(presentCard(campaign, progress, request.lang));
  });

  serve(app, api.rewards.rewardClaim, { commitsPlayerWrite: true }, async (request, reply) => {
    const done = await claimReward(app.db, {
      userId: request.user!.userId,
      campaignId: request.body.campaign_id,
      now: app.clock.now(),
      timeZone,
      lang: request.lang,
    });
    return reply.ok(
      { card: presentCard(done.campaign, done.progress, request.lang), paid: formatMoney(done.paid), over: formatMoney(done.over) },
      'msg.reward_claimed',
    );
  });

  /**
   * Forfeits the caller's bonus being wagered, for the amount its card showed (`forfeit.total`). An
   * Idempotency-Key makes a retried forfeit answer the first one; without one a second forfeit finds
   * the bonus over. Not held back by an opt-out or a limit reached: leaving a bonus is no promotion.
   */
  serve(app, api.rewards.bonusForfeit, { commitsPlayerWrite: true }, async (request, reply) => {
    const userId = request.user!.userId;
    const claim = idempotencyClaim({ headers: request.headers, params: request.body, userId, operation: 'bonus_forfeit' });
    const { answer } = await idempotent(app.db, claim, () =>
      forfeitBonus(app.db, {
        userId,
        campaignId: request.body.campaign_id,
        confirmed: request.body.amount,
        now: app.clock.now(),
        timeZone,
        lang: request.lang,
        idempotency: claim,
      }),
    );
    return reply.ok(answer, 'msg.bonus_forfeited');
  });

  serve(app, api.rewards.promotionsOptOut, {}, async (request, reply) => {
    await setPromotionsOptOut(app.db, request.user!.userId, request.body.opt_out);
    return reply.ok({ opt_out: request.body.opt_out }, 'msg.promotions_opt_out_saved');
  });
}
