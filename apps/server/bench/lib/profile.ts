/**
 * Where a bet's time goes, read from outside around a measured run: the server's own figures from
 * its metrics port (statements and their batching, their time from sent to answered with the commit,
 * the bets' wait for one, the server's time per request), the CPU time of the server process and of
 * the PostgreSQL backends serving its database (from /proc), and PostgreSQL's WAL flushes.
 */
import fs from 'node:fs';
import pg from 'pg';

/** Sums and counts of the server's histograms that profile the bet path (Prometheus text format). */
export interface MetricFigures {
  statements: number;
  bets: number;
  statementSeconds: number;
  waitSeconds: number;
  requests: number;
  requestSeconds: number;
}

const value = (text: string, name: string, labels = '') => {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!(rest.startsWith(' ') || rest.startsWith('{'))) continue;
    if (labels && !rest.includes(labels)) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
};

export async function readMetrics(metricsUrl: string): Promise<MetricFigures> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const route = 'route="/api/Lottery/playOrder"';
  return {
    statements: value(text, 'lucky28_bet_batch_size_bets_count'),
    bets: value(text, 'lucky28_bet_batch_size_bets_sum'),
    statementSeconds: value(text, 'lucky28_bet_statement_duration_seconds_sum'),
    waitSeconds: value(text, 'lucky28_bet_queue_wait_seconds_sum'),
    requests: value(text, 'lucky28_http_request_duration_seconds_count', route),
    requestSeconds: value(text, 'lucky28_http_request_duration_seconds_sum', route),
  };
}

export const diffMetrics = (a: MetricFigures, b: MetricFigures): MetricFigures => ({
  statements: b.statements - a.statements,
  bets: b.bets - a.bets,
  statementSeconds: b.statementSeconds - a.statementSeconds,
  waitSeconds: b.waitSeconds - a.waitSeconds,
  requests: b.requests - a.requests,
  requestSeconds: b.requestSeconds - a.requestSeconds,
});

function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** PostgreSQL's side: the CPU of the backends connected to `database` (same host), and the server's WAL flushes. */
export interface DatabaseFigures {
  backendCpuMs: number;
  walSyncs: number;
  walBytes: number;
}

export async function readDatabase(adminUrl: string, database: string): Promise<DatabaseFigures> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const pids = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    const wal = await client.query<{ wal_sync: string; wal_bytes: string }>('select wal_sync, wal_bytes from pg_stat_wal');
    return {
      backendCpuMs: pids.rows.reduce((sum, r) => sum + processCpuMs(Number(r.pid)), 0),
      walSyncs: Number(wal.rows[0]?.wal_sync ?? 0),
      walBytes: Number(wal.rows[0]?.wal_bytes ?? 0),
    };
  } finally {
    await client.end();
  }
}

/** The monotonic clock the V8 CPU profiler stamps its samples with (CLOCK_MONOTONIC), µs. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The areas of the bet path a sample is counted in: the deepest frame of its stack whose file names
 * one (a JSON.parse called by Fastify's body parser is HTTP, one called by the driver is the driver).
 * In order: the first pattern that matches a frame's file names its area.
 */
const AREAS: readonly [area: string, pattern: RegExp][] = [
  ['session', /src\/(plugins\/auth|live\/sessionStore|domain\/accounts\/sessions)\./],
  ['validation', /src\/plugins\/validation\.|\/zod\/|packages\/shared\/src\/(schemas|validate)/],
  ['idempotency', /src\/domain\/idempotency\./],
  ['batch statement', /src\/(domain\/betting\/(oneStatementBet|exposureCap)|live\/betBatcher|db\/query)\./],
  ['bet checks and engine', /src\/(domain\/betting\/(request|placeBet|generalBet)|live\/(engine|snapshot|heartCache|balances)|domain\/game)\//],
  ['answer', /src\/(routes\/|plugins\/(envelope|answerHeaders)|present|http\/)|fast-json-stringify/],
  ['limits', /rate-limit|src\/plugins\/(rateLimits|callerLimits|sharedRateLimitStore)\./],
  ['metrics', /prom-client|src\/(plugins\/metrics|metrics\/)/],
  ['logging', /\/pino|sonic-boom|src\/logging\./],
  ['PostgreSQL driver', /\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|pg-connection-string)\/|drizzle-orm/],
  [
    'HTTP',
    /\/(fastify|find-my-way|light-my-request|avvio|@fastify\/[^/]+|secure-json-parse|fast-querystring|process-warning)\/|node:(_http|http|internal\/http)|_http_/,
  ],
  ['Node sockets and streams', /node:(net|stream|internal\/(stream|streams|net|process\/task_queues|timers))/],
];

const areaOf = (frame: ProfileNode['callFrame']): string | undefined => {
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  if (frame.functionName === '(idle)') return 'idle';
  return AREAS.find(([, pattern]) => pattern.test(frame.url))?.[0];
};

/**
 * Self time of a CPU profile (node --cpu-prof) by area of the bet path, over the samples taken in
 * [fromUs, toUs) (monotonicUs of the bench's process: the measured run), idle left out; each with
 * its share of the busy time. A stack that names no area is "other".
 */
export function profileAreas(
  file: string,
  window?: { fromUs: number; toUs: number },
): { areas: { area: string; ms: number; share: number }[]; busyMs: number; inWindow: boolean } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const area = new Map<number, string>();
  const visit = (id: number, inherited: string) => {
    const node = byId.get(id)!;
    const own = areaOf(node.callFrame) ?? inherited;
    area.set(id, own);
    for (const child of node.children ?? []) visit(child, own);
  };
  visit(profile.nodes[0]!.id, 'other');
  const count = (from: number, to: number) => {
    const us = new Map<string, number>();
    let t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      const delta = profile.timeDeltas[i] ?? 0;
      t += delta;
      if (t < from || t >= to) continue;
      const a = area.get(profile.samples[i]!) ?? 'other';
      us.set(a, (us.get(a) ?? 0) + (profile.timeDeltas[i + 1] ?? delta));
    }
    us.delete('idle');
    return us;
  };
  let us = window ? count(window.fromUs, window.toUs) : new Map<string, number>();
  const inWindow = us.size > 0;
  if (!inWindow) us = count(-Infinity, Infinity);
  const busy = [...us.values()].reduce((s, v) => s + v, 0);
  const areas = [...us.entries()].map(([a, v]) => ({ area: a, ms: v / 1000, share: v / Math.max(1, busy) })).sort((x, y) => y.ms - x.ms);
  return { areas, busyMs: busy / 1000, inWindow };
}
