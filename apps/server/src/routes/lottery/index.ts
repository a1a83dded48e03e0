import type { FastifyInstance } from 'fastify';
import hallRoutes from './hall.js';
import heartRoutes from './heart.js';
import oddsRoutes from './odds.js';
import playOrderRoutes from './playOrder.js';
import drawRoutes from './draws.js';

/** The spec's lottery calls (spec §7, issue 3). */
export default async function lotteryRoutes(app: FastifyInstance) {
  await app.register(hallRoutes);
  await app.register(heartRoutes);
  await app.register(oddsRoutes);
  await app.register(playOrderRoutes);
  await app.register(drawRoutes);
}
