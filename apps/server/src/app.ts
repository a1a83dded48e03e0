import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { api, callsOf, type ApiCall } from '@lucky28/shared';
import { contractProblems } from './http/contractCheck.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { logTransactionRetries } from './db/transaction.js';
import { systemClock, type Clock } from './clock.js';
import { loggerOptions } from './logging.js';
import { requestLoggerFactory } from './http/requestLogger.js';
import { PollCountingLogController, summarisePolls } from './http/pollLog.js';
import { requestIdOf } from './http/requestId.js';
import { HeartShortcut } from './http/heartShortcut.js';
import { readJsonNumbersAsWritten } from './http/jsonBody.js';
import { clientErrorAnswer, envelopePlugin, frameworkErrorAnswer } from './plugins/envelope.js';
import { schemaController, validationPlugin } from './plugins/validation.js';
import { BODY_BASE_BYTES } from './http/bodyLimit.js';
import { authPlugin } from './plugins/auth.js';
import { apiDocsPlugin } from './plugins/apiDocs.js';
import { staticAppsPlugin } from './plugins/staticApps.js';
import { answerHeadersPlugin } from './plugins/answerHeaders.js';
import { lineOriginsPlugin } from './plugins/lineOrigins.js';
import { scaledCallerLimits, scaledRateLimits, type CallerLimits, type RateLimits } from './plugins/rateLimits.js';
import { callerLimitsPlugin } from './plugins/callerLimits.js';
import { ConnectionGuard } from './http/connectionGuard.js';
import { Drain } from './http/drain.js';
import { defaultHttpTimeouts, timeoutGuard, type HttpTimeouts, type TimeoutGuard } from './http/timeouts.js';
import { redisPlugin } from './plugins/redis.js';
import { sharedRateLimitStore } from './plugins/sharedRateLimitStore.js';
import healthRoutes from './routes/health.js';
import accountRoutes from './routes/user/account.js';
import profileRoutes from './routes/user/profile.js';
import securityRoutes from './routes/user/security.js';
import payInfoRoutes from './routes/user/payInfo.js';
import contentRoutes from './routes/content/index.js';
// --- wallet and operators ---
import { operatorAuthPlugin } from './plugins/operatorAuth.js';
import { resolveOperatorKey } from './domain/operators/secretBox.js';
import { sealLegacyTotpSecrets } from './domain/operators/operators.js';
import walletRoutes from './routes/wallet/index.js';
import commonRoutes from './routes/common/index.js';
import adminRoutes from './routes/admin/index.js';
// --- end wallet and operators ---
// --- game engine ---
import { gamePlugin } from './plugins/game.js';
import { chatPlugin } from './plugins/chat.js';
import lotteryRoutes from './routes/lottery/index.js';
import fairRoutes from './routes/fair/index.js';
import orderListRoutes from './routes/user/orderList.js';
// --- end game engine ---
import supportRoutes from './routes/support/index.js';
import siteConfigRoutes from './routes/settings/index.js';
import protectionRoutes from './routes/protection/index.js';
import rewardRoutes from './routes/rewards/index.js';
import referralRoutes from './routes/referral/index.js';
import chatRoutes from './routes/chat/index.js';
import { housekeepingPlugin } from './plugins/housekeeping.js';
import { metricsPlugin } from './plugins/metrics.js';
import { ReplicaReads } from './db/replicaReads.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /**
     * Where the lag-tolerant reads go (docs/operations.md, "Reads from replicas"): the replicas when DATABASE_READ_URL is set,
     * else the primary. Never for a write, nor for a read that must see a write just made.
     */
    lagTolerantDb: Db;
    /**
     * Where the reads that grow with history go (db/replicaReads.ts): the replicas once they have the
     * player's last commit and lag within DATABASE_READ_MAX_LAG_MS, else the primary.
     */
    replicaReads: ReplicaReads;
    clock: Clock;
    rateLimits: RateLimits;
    /** AES-256 key sealing operators' TOTP secrets (OPERATOR_SECRET_KEY or the key file in DATA_DIR). */
    operatorKey: Buffer;
    /** Guests' heart polls answered before Fastify's request path (http/heartShortcut.ts). */
    heartShortcut: HeartShortcut;
    /** Set on SIGTERM: readiness fails and answers close their connections (http/drain.ts). */
    drain: Drain;
  }
}

export interface AppOptions {
  config: Config;
  /** An open, migrated database; closed when the app closes. */
  database: Database;
  /** The replicas (DATABASE_READ_URL, db/client.ts openReadDatabase); closed when the app closes. */
  readDatabase?: Database;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** Limits per caller across calls (default: scaled by RATE_LIMIT_FACTOR). */
  callerLimits?: CallerLimits;
  /** How long the HTTP server waits for clients (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>;
  logger?: FastifyServerOptions['logger'];
  /** Where the server's own log lines go (default stdout); tests read them from here. */
  logStream?: NodeJS.WritableStream;
  /** Check every JSON answer against its route's declared answers (tests). */
  checkAnswers?: boolean;
  /** The calls the routes must match (default: the whole API contract); tests narrow it. */
  contract?: readonly ApiCall[];
}

/**
 * An HTTP/1 server with the settings Fastify gives its own (server.js) when there is no serverFactory,
 * plus the timeouts (http/timeouts.ts) and the per-address connection cap (http/connectionGuard.ts).
 */
function httpServer(handler: http.RequestListener, options: FastifyServerOptions, timeouts: TimeoutGuard, connections: ConnectionGuard): http.Server {
  const server = http.createServer((options as { http?: http.ServerOptions }).http ?? {}, handler);
  server.keepAliveTimeout = options.keepAliveTimeout!;
  server.requestTimeout = options.requestTimeout!;
  server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  timeouts.apply(server);
  connections.watch(server);
  return server;
}

/**
 * The whole server as one Fastify instance (fastify/demo style): decorations, plugins, then routes.
 * `server.ts` only opens the database and listens; tests build it with `app.inject`.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const heartShortcut = new HeartShortcut();
  const callerLimits = opts.callerLimits ?? scaledCallerLimits(opts.config.rateLimitFactor);
  // Behind a proxy every socket is the balancer's: connections are not counted (http/connectionGuard.ts).
  const connections = new ConnectionGuard({
    connections: opts.config.trustProxy ? false : callerLimits.connectionsPerAddress,
    streams: callerLimits.streamsPerAddress,
  });
  const timeoutValues = { ...defaultHttpTimeouts, ...opts.timeouts };
  const timeouts = timeoutGuard(timeoutValues, { trustProxy: opts.config.trustProxy, isStream: (socket) => connections.isStream(socket) });
  const pollLog = new PollCountingLogController();
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.logLevel, opts.logStream, opts.config.nodeName),
    // Polls are counted, not logged one by one, below debug (http/pollLog.ts).
    logController: pollLog,
    // request.log is made on first use (http/requestLogger.ts): most requests never log.
    childLoggerFactory: requestLoggerFactory,
    genReqId: requestIdOf,
    // Node's HTTP server as Fastify makes it, with guests' heart polls offered to the shortcut first.
    serverFactory: (handler, options) => httpServer(timeouts.wrap(heartShortcut.wrap(handler)), options, timeouts, connections),
    keepAliveTimeout: timeoutValues.keepAlive,
    requestTimeout: timeoutValues.request,
    connectionTimeout: timeoutValues.idle,
    trustProxy: opts.config.trustProxy,
    // Each route gets the limit its declared input needs (plugins/validation.ts); this is for the rest.
    bodyLimit: BODY_BASE_BYTES,
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: (error, socket) => {
      if (!timeouts.answerClientError(error, socket)) clientErrorAnswer(error, socket);
    },
    // The game engine loads its state on ready; on a busy machine or a big database that can take
    // longer than Fastify's default 10 s, which would abort the start.
    pluginTimeout: 60_000,
    // A request that reached the node just as it closes (SIGTERM, http/drain.ts) is served, not refused
    // with a 503: the database closes only once every connection has ended.
    return503OnClosing: false,
    schemaController,
  });

  app.decorate('heartShortcut', heartShortcut);
  summarisePolls(app, pollLog);
  const drain = new Drain();
  drain.watch(app.server);
  app.decorate('drain', drain);
  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('lagTolerantDb', opts.readDatabase?.db ?? opts.database.db);
  app.decorate('replicaReads', new ReplicaReads(opts.database.db, opts.readDatabase, opts.config.databaseReadMaxLagMs));
  logTransactionRetries(opts.database.db, app.log);
  app.decorate('clock', opts.clock ?? systemClock);
  app.decorate('rateLimits', opts.rateLimits ?? scaledRateLimits(opts.config.rateLimitFactor));
  app.decorate('operatorKey', resolveOperatorKey(opts.config.operatorSecretKey, opts.config.dataDir));
  app.addHook('onReady', async () => {
    await sealLegacyTotpSecrets(app.db, app.operatorKey);
  });

  app.addHook('onClose', async () => {
    await opts.readDatabase?.close();
    await opts.database.close();
  });

  await app.register(answerHeadersPlugin, { trustProxy: opts.config.trustProxy, lines: opts.config.apiLines });
  await app.register(lineOriginsPlugin, { lines: opts.config.apiLines });
  await app.register(validationPlugin, { checkAnswers: opts.checkAnswers });
  await app.register(formbody);
  readJsonNumbersAsWritten(app);
  await app.register(redisPlugin, { url: opts.config.redisUrl });
  // preValidation: after the body is parsed, so a 429 answers in the body's `lang` too. With Redis
  // (several nodes) the counters are shared, and counted per node while Redis is away (sharedRateLimitStore.ts).
  await app.register(rateLimit, {
    global: false,
    hook: 'preValidation',
    ...(app.redis ? { store: sharedRateLimitStore(app.redis, 'lucky28:rl:', app.log), skipOnError: true } : {}),
  });
  await app.register(callerLimitsPlugin, { limits: callerLimits, connections });
  await app.register(envelopePlugin);
  // Before the routes: its hooks count every request, and the live streams report their viewers to it.
  await app.register(metricsPlugin);
  await app.register(authPlugin);
  await app.register(operatorAuthPlugin);
  await app.register(apiDocsPlugin);

  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(payInfoRoutes);
  await app.register(contentRoutes);
  // --- wallet and operators ---
  await app.register(walletRoutes);
  await app.register(commonRoutes);
  await app.register(adminRoutes);
  // --- end wallet and operators ---
  // --- game engine: app.game, scheduler started on ready when config.scheduler ---
  await app.register(gamePlugin);
  await app.register(chatPlugin);
  await app.register(lotteryRoutes);
  await app.register(fairRoutes);
  await app.register(orderListRoutes);
  // --- end game engine ---
  await app.register(supportRoutes);
  await app.register(siteConfigRoutes);
  await app.register(protectionRoutes);
  await app.register(rewardRoutes);
  await app.register(referralRoutes);
  await app.register(chatRoutes);
  await app.register(housekeepingPlugin, { intervalMs: opts.config.housekeepingIntervalMs });

  await app.register(staticAppsPlugin, { webDist: opts.config.webDist, adminDist: opts.config.adminDist });
  // A route the contract does not declare, or a declared call no route answers, stops the start.
  const problems = contractProblems(app.apiRoutes, opts.contract ?? callsOf(api));
  if (problems.length) {
    await app.close();
    throw new Error(`The routes and the API contract (packages/shared/src/api) disagree:\n- ${problems.join('\n- ')}`);
  }
  return app;
}
