import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { teamOf } from '../../domain/referral/team.js';

/** The player's team page of the referral programme (issue 24). */
export default async function teamRoutes(app: FastifyInstance) {
  const tz = () => app.config.timeZone;

  serve(app, api.referral.team, {}, async (request, reply) => {
    return reply.ok(await teamOf(app.db, request.user!.userId, { now: app.clock.now(), timeZone: tz() }));
  });
}
