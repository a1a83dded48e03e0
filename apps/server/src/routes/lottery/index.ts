import type { FastifyInstance } from 'fastify';
import hallRoutes from './hall.js';
import heartRoutes from './heart.js';
import { HeartView } from './heartView.js';
import oddsRoutes from './odds.js';
import playOrderRoutes from './playOrder.js';
import drawRoutes from './draws.js';
import streamRoutes from './stream.js';

/** The spec's lottery calls (spec §7, issue 3) and their live stream (issue 13). */
export default async function lotteryRoutes(app: FastifyInstance) {
  const view = new HeartView(app.game);
  await app.register(hallRoutes);
  await app.register(heartRoutes, { view });
  await app.register(streamRoutes, { view });
  await app.register(oddsRoutes);
  await app.register(playOrderRoutes);
  await app.register(drawRoutes);
}
