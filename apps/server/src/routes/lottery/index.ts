import type { FastifyInstance } from 'fastify';
import hallRoutes from './hall.js';
import heartRoutes from './heart.js';
import oddsRoutes from './odds.js';
import playOrderRoutes from './playOrder.js';
import drawRoutes from './draws.js';
import statisticsRoutes from './statistics.js';
import streakAlertRoutes from './streakAlerts.js';
import streamRoutes from './stream.js';

/** The spec's lottery calls (docs/product.md#the-calls) and their live stream. */
export default async function lotteryRoutes(app: FastifyInstance) {
  await app.register(hallRoutes);
  await app.register(heartRoutes, { view: app.heartView });
  await app.register(streamRoutes, { view: app.heartView });
  await app.register(oddsRoutes);
  await app.register(playOrderRoutes);
  await app.register(drawRoutes);
  await app.register(statisticsRoutes);
  await app.register(streakAlertRoutes);
}
