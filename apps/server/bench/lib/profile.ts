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
