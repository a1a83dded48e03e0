import type { FastifyInstance } from 'fastify';
import { api, formatMoney } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { claimReward } from '../../domain/rewards/claim.js';
import { campaignForPlayer, campaignsForPlayer } from '../../domain/rewards/playerCampaigns.js';
import { presentCard } from '../../domain/rewards/present.js';

/** The player's reward cards of every kind — rakeback, check-in, first-deposit bonus (issue 25): the list with their state, one campaign's progress, a claim. */
export default async function claimRoutes(app: FastifyInstance) {
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
}
