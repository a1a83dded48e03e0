/**
 * The database's own yardstick: pgbench's TPC-B-like script on the same PostgreSQL server, in a
 * scratch database of its own (created, initialised, dropped), 16 clients.
 */
import { spawn } from 'node:child_process';
import { scratchPostgres } from './database.js';

const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench ${args[0]} exited with ${code}:\n${out.slice(-2000)}`))));
  });
}

export interface PgbenchResult {
  tps: number;
  clients: number;
  scale: number;
  seconds: number;
  latencyMs: number;
}

/** pgbench TPC-B with `clients` clients for `seconds`, at scale `scale` (one branch per client by default). */
export async function pgbenchTpcb(adminUrl: string, opts: { clients?: number; seconds?: number; scale?: number } = {}): Promise<PgbenchResult> {
  const clients = opts.clients ?? 16;
  const seconds = opts.seconds ?? 10;
  const scale = opts.scale ?? clients;
  const scratch = await scratchPostgres(adminUrl, 'pgbench');
  try {
    await run(['-i', '-q', '-s', String(scale), scratch.url]);
    const out = await run(['-c', String(clients), '-j', '2', '-T', String(seconds), scratch.url]);
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${out.slice(-2000)}`);
    return { tps, clients, scale, seconds, latencyMs };
  } finally {
    await scratch.drop();
  }
}
