import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { forfeitBonus } from '../../domain/rewards/forfeit.js';
import { idempotencyClaim, idempotent } from '../../domain/idempotency.js';

/** A first-deposit bonus's forfeit (issue 42). */
export default async function bonusForfeitRoutes(app: FastifyInstance) {
  const timeZone = app.config.timeZone;

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
}
