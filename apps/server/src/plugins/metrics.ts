/**
 * Prometheus metrics (metrics/serverMetrics.ts lists them). Always counted — each costs a counter
 * increment — and served as `GET /metrics` in Prometheus's text format on their own listener at
 * `METRICS_PORT` (on `METRICS_HOST`, default 127.0.0.1), never on the public port: with METRICS_PORT
 * unset nothing serves them. What the database knows (review queues, overdue and unsettled rounds) is
 * read at each scrape in one query on indexed columns; the reconciliation runs every
 * RECONCILE_MINUTES and whenever an operator asks for one (admin/reconcile).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { api, APP_VERSION } from '@lucky28/shared';
import { logTransactionRetries } from '../db/transaction.js';
import { readScrapeFigures, type ReviewQueue } from '../domain/operations/scrapeFigures.js';
import { checkInvariants } from '../domain/wallet/invariants.js';
import { fullestReservations } from '../domain/betting/exposureCap.js';
import { countDatabaseError, watchPool } from '../metrics/dbPool.js';
import { processRegistry } from '../metrics/processMetrics.js';
import { ServerMetrics } from '../metrics/serverMetrics.js';
import { refusalOf } from './envelope.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
    /** The metrics listener's address once ready; undefined without METRICS_PORT. */
    metricsAddress: AddressInfo | undefined;
  }
}

export const metricsPlugin = fp(async (app) => {
  const metrics = new ServerMetrics();
  app.decorate('metrics', metrics);
  app.decorate('metricsAddress', undefined);
  metrics.nodeInfo.set({ node: app.config.nodeName, version: APP_VERSION }, 1);

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status: reply.statusCode });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (route === api.lottery.playOrder.path) {
      const reason = refusalOf(reply);
      if (reason) metrics.betsRefused.inc({ reason });
    }
    done();
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    countDatabaseError(metrics, error);
    done();
  });
  logTransactionRetries(app.db, {
    warn: (details, message) => {
      metrics.dbTransactionRetries.inc();
      app.log.warn(details, message);
    },
  });
  if (app.database.pool) watchPool(app.database.pool, metrics);

  let heartPollsCounted = 0;
  metrics.onScrape(() => {
    const served = app.heartShortcut.served;
    metrics.heartPollsFromMemory.inc(served - heartPollsCounted);
    heartPollsCounted = served;
  });
  const redis = app.redis;
  if (redis) {
    metrics.registry.registerMetric(metrics.redisUp);
    metrics.onScrape(() => metrics.redisUp.set(redis.status === 'ready' ? 1 : 0));
  }

  metrics.onScrape(async () => {
    try {
      const figures = await readScrapeFigures(app.db, app.clock.now());
      for (const [queue, q] of Object.entries(figures.queues) as [ReviewQueue, { pending: number; oldestAgeSeconds: number }][]) {
        metrics.reviewPending.set({ queue }, q.pending);
        metrics.reviewOldest.set({ queue }, q.oldestAgeSeconds);
      }
      for (const game of app.game.snapshot.gameList()) metrics.drawOverdue.set({ game: String(game.id) }, figures.overdueSeconds.get(game.id) ?? 0);
      metrics.roundsUnsettled.set(figures.unsettledRounds);
    } catch (err) {
      countDatabaseError(metrics, err);
      app.log.warn({ err }, 'metrics: reading the database figures failed');
    }
  });

  metrics.onScrape(async () => {
    try {
      const games = app.game.snapshot.gameList();
      const capped = games.filter((g) => g.exposureCap > 0);
      const fullest = await fullestReservations(
        app.db,
        capped.map((g) => g.id),
        app.game.currentRound(app.clock.now()).issue,
      );
      for (const g of games) metrics.exposureCapUse.set({ game: String(g.id) }, g.exposureCap > 0 ? (fullest.get(g.id) ?? 0) / g.exposureCap : 0);
    } catch (err) {
      countDatabaseError(metrics, err);
      app.log.warn({ err }, 'metrics: reading the exposure reservations failed');
    }
  });

  let reconcileTimer: NodeJS.Timeout | undefined;
  let firstReconcile: NodeJS.Timeout | undefined;
  const reconcile = async () => {
    try {
      metrics.reconciled(await checkInvariants(app.db), app.clock.now());
    } catch (err) {
      countDatabaseError(metrics, err);
      app.log.warn({ err }, 'metrics: the periodic reconciliation failed');
    }
  };

  let server: http.Server | undefined;
  app.addHook('onReady', async () => {
    app.game.betBatcher.onBatch = (bets) => metrics.betBatchSize.observe(bets);
    app.game.betBatcher.onStatement = (seconds, meanWait) => {
      metrics.betStatementDuration.observe(seconds);
      metrics.betQueueWait.observe(meanWait);
    };
    app.game.scheduler.onRound = (outcome, seconds) => {
      const game = String(outcome.round.gameId);
      metrics.settlementDuration.observe({ game }, seconds);
      metrics.settlementOrders.observe({ game }, outcome.settledOrders);
      if (outcome.drew && outcome.round.drawnAt !== null)
        metrics.drawLateness.observe({ game }, Math.max(0, (outcome.round.drawnAt - outcome.round.drawsAt) / 1000));
    };
    if (app.config.metricsPort === undefined) return;
    if (app.config.reconcileMinutes > 0) {
      // The first a minute after the start, not in the middle of it.
      firstReconcile = setTimeout(() => void reconcile(), 60_000);
      reconcileTimer = setInterval(() => void reconcile(), app.config.reconcileMinutes * 60_000);
      firstReconcile.unref();
      reconcileTimer.unref();
    }
    server = metricsServer(metrics);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(app.config.metricsPort, app.config.metricsHost, () => resolve());
    });
    app.metricsAddress = server.address() as AddressInfo;
    app.log.info({ address: app.metricsAddress }, 'metrics served at /metrics');
  });
  app.addHook('onClose', async () => {
    clearTimeout(firstReconcile);
    clearInterval(reconcileTimer);
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
});

/** The listener of METRICS_PORT: `GET /metrics` and nothing else. */
function metricsServer(metrics: ServerMetrics): http.Server {
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    Promise.all([processRegistry().metrics(), metrics.text()]).then(
      ([process, server]) =>
        res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : `${process}\n${server}`),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  server.keepAliveTimeout = 65_000;
  return server;
}
