import type { FastifyInstance } from 'fastify';
import teamRoutes from './team.js';
import commissionRoutes from './commission.js';

/**
 * The referral programme (issue 24): the player's team page (team.ts), and the console's commission
 * settings, tree, daily report and held queue (commission.ts).
 */
export default async function referralRoutes(app: FastifyInstance) {
  await app.register(teamRoutes);
  await app.register(commissionRoutes);
}
