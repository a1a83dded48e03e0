import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runtime configuration, read once from the environment. Every variable is documented in docs/configuration.md (a test holds the two together). */
export interface Config {
  port: number;
  host: string;
  /** postgres://… for a real PostgreSQL server; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: optional postgres://… of the replicas (HAProxy's replica port, docs/operations.md),
   * read by the calls that tolerate a replica's lag (app.lagTolerantDb) and the reads that grow with history (app.replicaReads; docs/operations.md). Ignored without DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  /**
   * DATABASE_READ_MAX_LAG_MS: a replica further behind than this (ms of replay) serves no read; the
   * primary does (db/replicaReads.ts). Default 5000.
   */
  databaseReadMaxLagMs: number;
  dataDir: string;
  logLevel: string;
  /** Password for the seeded demo player; random (and printed) when unset. */
  demoPassword: string | undefined;
  /** Password for the first operator account; random (and printed) when unset. */
  operatorPassword: string | undefined;
  roundSeconds: number;
  closeBeforeSeconds: number;
  timeZone: string;
  /** Rows per page an export reads by key (EXPORT_PAGE_SIZE, default 1000; docs/operations.md#exports). */
  exportPageSize: number;
  /** Where the built web apps live (served statically). */
  webDist: string;
  adminDist: string;
  /** Trust X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** Run the round scheduler in this process. */
  scheduler: boolean;
  /** The external customer-service chat page (http/https); undefined = no chat configured. */
  supportChatUrl: string | undefined;
  /**
   * The addresses ("lines") at which the operator serves this site, as origins; the player app measures
   * each from the device and calls the API at the one chosen (/changeline). Empty = only the page's own.
   */
  apiLines: string[];
  /** Shared secret the chat system sends (x-support-key) to redeem hand-off codes. */
  supportApiKey: string | undefined;
  /** redis://… shared by several nodes (rate limits, presence); undefined = in memory, one node. */
  redisUrl: string | undefined;
  /** Key that encrypts operators' TOTP secrets at rest; unset = generated once and kept in dataDir. */
  operatorSecretKey: string | undefined;
  /** Serve the OpenAPI document at /api/docs (development; off when NODE_ENV=production unless API_DOCS=1). */
  apiDocs: boolean;
  /** Multiplies every per-IP / per-player request limit (tests and demos where many accounts share one IP). */
  rateLimitFactor: number;
  /** Time between two runs of the pruning of unreferenced uploads and old view records (plugins/housekeeping.ts). */
  housekeepingIntervalMs: number;
  /** CHAT_RETENTION_DAYS: room chat messages older than this many days are pruned by housekeeping (docs/chat.md). Default 30. */
  chatRetentionDays: number;
  /** Port of the Prometheus metrics listener (GET /metrics), never the public one; undefined = no listener. */
  metricsPort: number | undefined;
  /** Interface of the metrics listener (default 127.0.0.1). */
  metricsHost: string;
  /** Minutes between two reconciliations run for the metrics (0 = only when an operator asks). */
  reconcileMinutes: number;
  /** This node's name in every log line and in the metrics (NODE_NAME, default the host name). */
  nodeName: string;
  /** On SIGTERM, how long the node answers 503 to /readyz, still serving, before it closes (http/drain.ts). */
  shutdownDrainMs: number;
  /**
   * Live event streams this node holds at most (STREAM_MAX_VIEWERS); one more is refused with HTTP 503
   * and Retry-After (routes/lottery/stream.ts). Default: see defaultStreamMaxViewers.
   */
  streamMaxViewers: number;
}

/** How long room chat messages are kept when CHAT_RETENTION_DAYS is unset (days). */
export const CHAT_RETENTION_DAYS_DEFAULT = 30;

/** The default cap on a node's live viewers, when STREAM_MAX_VIEWERS is unset. */
export const STREAM_MAX_VIEWERS_DEFAULT = 20_000;
/**
 * Open files kept for everything but the streams — calls, the balancer's connections, the database,
 * files: 1,000, or a fifth of a smaller limit.
 */
const fdReserve = (fileLimit: number) => Math.min(1_000, Math.floor(fileLimit / 5));

/**
 * The process's soft limit on open files (Linux: /proc/self/limits), or undefined elsewhere. Each
 * viewer holds a socket: a node past this limit accepts nothing any more (EMFILE), calls included.
 */
export function openFileLimit(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return m && m[1] !== 'unlimited' ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * STREAM_MAX_VIEWERS_DEFAULT, but never more than the open-file limit leaves after a reserve (Node
 * raises its soft limit to the hard one when it starts): viewers beyond it would take the sockets the
 * node's calls need.
 */
export function defaultStreamMaxViewers(fileLimit: number | undefined): number {
  if (fileLimit === undefined) return STREAM_MAX_VIEWERS_DEFAULT;
  return Math.max(1, Math.min(STREAM_MAX_VIEWERS_DEFAULT, fileLimit - fdReserve(fileLimit)));
}

/** 0 (close at once: a node alone) up to 8 s, leaving room in the 10 s a node has to stop. */
function drainMsFrom(value: string | undefined): number {
  if (value === '0') return 0;
  const ms = intFrom(value, 3000, 'SHUTDOWN_DRAIN_MS');
  if (ms > 8000) throw new Error(`SHUTDOWN_DRAIN_MS must be at most 8000 (a node stops within 10 s), got "${value}"`);
  return ms;
}

/**
 * Below a minute: the money dashboard keeps a closed day's figures, computed on the replica, from ten
 * minutes past its end (domain/wallet/moneySummary.ts); a replica further behind could miss its last rows.
 */
function readMaxLagFrom(value: string | undefined): number {
  const ms = intFrom(value, 5000, 'DATABASE_READ_MAX_LAG_MS');
  if (ms > 60_000) throw new Error(`DATABASE_READ_MAX_LAG_MS must be at most 60000, got "${value}"`);
  return ms;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** A port number, or undefined when unset; 0 (any free port) only for tests that pass it in directly. */
function portFrom(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a port number (1-65535), got "${value}"`);
  return n;
}

function httpUrlFrom(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  return url.toString();
}

/** A comma-separated list of absolute http(s) URLs, each kept as its origin (no path: a line is a whole site). */
function originsFrom(value: string | undefined, name: string): string[] {
  if (value === undefined || value.trim() === '') return [];
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const origins = parts.map((part) => new URL(httpUrlFrom(part, name)!).origin);
  return [...new Set(origins)];
}

/** A shared secret: unset or at least 16 characters (a short key would be guessable). */
function secretFrom(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 16) throw new Error(`${name} must be at least 16 characters`);
  return value;
}

/**
 * The repository's root: the nearest folder above this file whose package.json declares the
 * workspaces. Found rather than counted, because this file runs from src/ (tsx) and from the
 * production bundle in dist/server/, which sit at different depths.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in (JSON.parse(fs.readFileSync(manifest, 'utf8')) as object)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no workspace root above ${from}`);
  }
}

const repoRoot = findRepoRoot(import.meta.dirname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const metricsPort = portFrom(env.METRICS_PORT, 'METRICS_PORT');
  // The metrics are never served on the public port.
  if (metricsPort === port) throw new Error(`METRICS_PORT must differ from PORT (${port})`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    databaseReadMaxLagMs: readMaxLagFrom(env.DATABASE_READ_MAX_LAG_MS),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    logLevel: env.LOG_LEVEL ?? 'info',
    demoPassword: env.DEMO_PASSWORD || undefined,
    operatorPassword: env.OPERATOR_PASSWORD || undefined,
    roundSeconds: intFrom(env.ROUND_SECONDS, 210, 'ROUND_SECONDS'),
    closeBeforeSeconds: intFrom(env.CLOSE_BEFORE_SECONDS, 30, 'CLOSE_BEFORE_SECONDS'),
    timeZone: env.TIME_ZONE ?? 'Asia/Shanghai',
    exportPageSize: intFrom(env.EXPORT_PAGE_SIZE, 1000, 'EXPORT_PAGE_SIZE'),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    scheduler: env.SCHEDULER !== '0' && env.SCHEDULER !== 'false',
    supportChatUrl: httpUrlFrom(env.SUPPORT_CHAT_URL, 'SUPPORT_CHAT_URL'),
    supportApiKey: secretFrom(env.SUPPORT_API_KEY, 'SUPPORT_API_KEY'),
    apiLines: originsFrom(env.API_LINES, 'API_LINES'),
    operatorSecretKey: env.OPERATOR_SECRET_KEY || undefined,
    apiDocs: env.API_DOCS ? env.API_DOCS === '1' || env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    redisUrl: env.REDIS_URL || undefined,
    rateLimitFactor: intFrom(env.RATE_LIMIT_FACTOR, 1, 'RATE_LIMIT_FACTOR'),
    housekeepingIntervalMs: 60 * 60 * 1000,
    chatRetentionDays: intFrom(env.CHAT_RETENTION_DAYS, CHAT_RETENTION_DAYS_DEFAULT, 'CHAT_RETENTION_DAYS'),
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    reconcileMinutes: env.RECONCILE_MINUTES === '0' ? 0 : intFrom(env.RECONCILE_MINUTES, 60, 'RECONCILE_MINUTES'),
    nodeName: env.NODE_NAME || os.hostname(),
    shutdownDrainMs: drainMsFrom(env.SHUTDOWN_DRAIN_MS),
    streamMaxViewers: env.STREAM_MAX_VIEWERS ? intFrom(env.STREAM_MAX_VIEWERS, 0, 'STREAM_MAX_VIEWERS') : defaultStreamMaxViewers(openFileLimit()),
  };
}
