import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { setPromotionsOptOut } from '../../domain/rewards/protection.js';

/** The player's promotions opt-out (issue 25). */
export default async function promotionsOptOutRoutes(app: FastifyInstance) {
  serve(app, api.rewards.promotionsOptOut, {}, async (request, reply) => {
    await setPromotionsOptOut(app.db, request.user!.userId, request.body.opt_out);
    return reply.ok({ opt_out: request.body.opt_out }, 'msg.promotions_opt_out_saved');
  });
}
