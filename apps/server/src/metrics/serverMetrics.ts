/**
 * Every metric of one server (app) instance, named and labelled the Prometheus way: units in the
 * names (`_seconds`, `_total`), label values from small fixed sets (a route's pattern, never its URL;
 * an err.* key; a game id from the configuration; never a user). docs/operations.md "Metrics"
 * lists them; deploy/prometheus/alerts.yml alerts on them. Each app has its own registry (tests run
 * several apps in one process); the process-wide ones (event loop, memory, CPU) are in processMetrics.ts.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const PREFIX = 'lucky28_';

/** Latency buckets of an API call, seconds (the heart answers in well under a millisecond, a bet in a few). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How late a draw may be, seconds: the alert fires beyond 15. */
const LATENESS_BUCKETS = [0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300];
const SETTLEMENT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const ORDERS_BUCKETS = [0, 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
/** Bets in one shared statement (live/betBatcher.ts, at most 64). */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
/** A bet statement's time (sent to answered, commit included) and a bet's wait for one, seconds. */
const STATEMENT_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1];
const POOL_WAIT_BUCKETS = [0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

export class ServerMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'API and page requests answered by Fastify, by method, route pattern and HTTP status (guest heart polls answered in front of Fastify are in lucky28_heart_polls_served_from_memory_total).',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request received to its answer sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly heartPollsFromMemory = new Counter({
    name: `${PREFIX}heart_polls_served_from_memory_total`,
    help: "Guests' Lottery/heart polls answered by the HTTP server's shortcut, before Fastify (http/heartShortcut.ts).",
    registers: [this.registry],
  });

  readonly betsAccepted = new Counter({
    name: `${PREFIX}bets_accepted_total`,
    help: 'Lottery/playOrder calls that placed a bet (a retry answered from its Idempotency-Key is not counted again).',
    registers: [this.registry],
  });

  readonly betOrdersAccepted = new Counter({
    name: `${PREFIX}bet_orders_accepted_total`,
    help: 'Orders placed by the accepted bets (one per class of a bet).',
    registers: [this.registry],
  });

  readonly betsRefused = new Counter({
    name: `${PREFIX}bets_refused_total`,
    help: 'Lottery/playOrder calls refused, by reason: the err.* key of the answer (err.server_error = an unexpected failure, HTTP 500).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly betBatchSize = new Histogram({
    name: `${PREFIX}bet_batch_size_bets`,
    help: 'Bets sent to the database together in one statement (live/betBatcher.ts).',
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });

  readonly betStatementDuration = new Histogram({
    name: `${PREFIX}bet_statement_duration_seconds`,
    help: 'A batch of bets from sent to the database to answered, its commit included (live/betBatcher.ts).',
    buckets: STATEMENT_BUCKETS,
    registers: [this.registry],
  });

  readonly betQueueWait = new Histogram({
    name: `${PREFIX}bet_queue_wait_seconds`,
    help: "A batch's mean wait of its bets in the queue before the statement was sent (live/betBatcher.ts).",
    buckets: STATEMENT_BUCKETS,
    registers: [this.registry],
  });

  readonly drawLateness = new Histogram({
    name: `${PREFIX}draw_lateness_seconds`,
    help: 'Seconds between a round’s scheduled draw time and its real draw, by game (observed by the node that drew it).',
    labelNames: ['game'] as const,
    buckets: LATENESS_BUCKETS,
    registers: [this.registry],
  });

  readonly drawOverdue = new Gauge({
    name: `${PREFIX}draw_overdue_seconds`,
    help: 'By game: how long ago the oldest round still waiting for its draw should have been drawn (0 when none is waiting). Read from the database at scrape.',
    labelNames: ['game'] as const,
    registers: [this.registry],
  });

  readonly roundsUnsettled = new Gauge({
    name: `${PREFIX}rounds_unsettled`,
    help: 'Drawn rounds that still have open (unsettled) orders. Read from the database at scrape.',
    registers: [this.registry],
  });

  readonly exposureCapUse = new Gauge({
    name: `${PREFIX}round_exposure_cap_use_ratio`,
    help: "By game: the current round's fullest exposure reservation ÷ the game's cap (domain/betting/exposureCap.ts; 1 = bets winning on that outcome are refused; 0 without a cap). Read from the database at scrape.",
    labelNames: ['game'] as const,
    registers: [this.registry],
  });

  readonly settlementDuration = new Histogram({
    name: `${PREFIX}settlement_duration_seconds`,
    help: 'Time to draw and settle one round (one transaction), by game.',
    labelNames: ['game'] as const,
    buckets: SETTLEMENT_BUCKETS,
    registers: [this.registry],
  });

  readonly settlementOrders = new Histogram({
    name: `${PREFIX}settlement_orders`,
    help: 'Orders settled per round, by game.',
    labelNames: ['game'] as const,
    buckets: ORDERS_BUCKETS,
    registers: [this.registry],
  });

  readonly liveStreamViewers = new Gauge({
    name: `${PREFIX}live_stream_viewers`,
    help: 'Open live streams (Lottery/stream) on this node.',
    registers: [this.registry],
  });

  readonly dbPoolConnections = new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections by state (idle, busy); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly dbPoolWaiting = new Gauge({
    name: `${PREFIX}db_pool_waiting_requests`,
    help: 'Queries and transactions waiting for a free PostgreSQL pool connection right now.',
    registers: [this.registry],
  });

  readonly dbPoolWait = new Histogram({
    name: `${PREFIX}db_pool_acquire_duration_seconds`,
    help: 'Time a query or transaction waited for a PostgreSQL pool connection.',
    buckets: POOL_WAIT_BUCKETS,
    registers: [this.registry],
  });

  readonly dbErrors = new Counter({
    name: `${PREFIX}db_query_errors_total`,
    help: 'Database failures that reached a request, the scrape or the pool, by kind: unavailable (unreachable, restarting, no free connection) or the SQLSTATE class (two characters).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly dbTransactionRetries = new Counter({
    name: `${PREFIX}db_transaction_retries_total`,
    help: 'Transactions run again after a deadlock or serialization failure (db/transaction.ts).',
    registers: [this.registry],
  });

  readonly redisUp = new Gauge({
    name: `${PREFIX}redis_up`,
    help: 'Whether the shared Redis answers (1) or not (0); absent when REDIS_URL is unset.',
    // Registered by the plugin only when Redis is configured.
    registers: [],
  });

  readonly reviewPending = new Gauge({
    name: `${PREFIX}review_queue_pending`,
    help: 'Requests waiting for an operator, by queue (deposits, withdrawals, real_names). Read from the database at scrape.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly reviewOldest = new Gauge({
    name: `${PREFIX}review_queue_oldest_age_seconds`,
    help: 'Age of the oldest request waiting in each queue (0 when empty).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  readonly reconciliationProblems = new Gauge({
    name: `${PREFIX}reconciliation_problems`,
    help: 'Problems found by this node’s last reconciliation (the ledger invariants, docs/design.md#the-invariants), by invariant.',
    labelNames: ['invariant'] as const,
    registers: [this.registry],
  });

  readonly reconciliationLastRun = new Gauge({
    name: `${PREFIX}reconciliation_last_run_timestamp_seconds`,
    help: 'When this node last finished a reconciliation (Unix time; 0 = none since the start).',
    registers: [this.registry],
  });

  readonly nodeInfo = new Gauge({
    name: `${PREFIX}node_info`,
    help: 'Always 1: the node’s name (NODE_NAME) and the server version.',
    labelNames: ['node', 'version'] as const,
    registers: [this.registry],
  });

  /** Scrape-time readers: each sets its gauges just before the registry is read. */
  readonly #collectors: (() => Promise<void> | void)[] = [];

  /** Adds a reader run at every scrape (a failure is the reader's to report; the others still run). */
  onScrape(collect: () => Promise<void> | void): void {
    this.#collectors.push(collect);
  }

  /** The text exposition of this instance's metrics, scrape-time readers run first. */
  async text(): Promise<string> {
    await Promise.allSettled(this.#collectors.map(async (c) => c()));
    return this.registry.metrics();
  }

  /** A reconciliation's answer, per invariant (the operators' call or the periodic one). */
  reconciled(reports: readonly { name: string; count: number }[], at: number): void {
    for (const r of reports) this.reconciliationProblems.set({ invariant: r.name }, r.count);
    this.reconciliationLastRun.set(at / 1000);
  }

  /** A bet answered: counted once, not again when it is a replay of its Idempotency-Key. */
  betPlaced(orders: number, replayed: boolean): void {
    if (replayed) return;
    this.betsAccepted.inc();
    this.betOrdersAccepted.inc(orders);
  }
}
