import type { FastifyInstance } from 'fastify';
import claimRoutes from './claims.js';
import bonusForfeitRoutes from './bonusForfeit.js';
import promotionsOptOutRoutes from './promotionsOptOut.js';
import redPacketRoutes from './redPackets.js';

/** Rewards for players (issue 25): the campaigns with their state, one campaign's progress, a claim (claims.ts), a bonus's forfeit (issue 42, bonusForfeit.ts), the promotions opt-out (promotionsOptOut.ts), red packets (issue 41, redPackets.ts). */
export default async function rewardRoutes(app: FastifyInstance) {
  await app.register(claimRoutes);
  await app.register(bonusForfeitRoutes);
  await app.register(promotionsOptOutRoutes);
  await app.register(redPacketRoutes);
}
