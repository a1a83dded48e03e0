/**
 * Budget: the production start (`npm run start:prod`, the compiled server under plain node) answers
 * /readyz 200 within 3 s of the process starting — on a new data directory (the first start: the
 * build's prepared database copied, migrations checked, demo content, passwords and the games' hash
 * chains made) and on the same directory again (a restart or an upgrade). The server is compiled here
 * first (scripts/build.mjs); each start is its own process, timed from spawn to the first 200 from
 * /readyz, polled every 25 ms. Median of `starts` of each.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchDatabase } from '../lib/database.js';
import { fmt, type Report } from '../lib/report.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
const BUDGET_SECONDS = 3;

/** Seconds from spawn to /readyz 200, then SIGTERM and wait for the exit. */
async function timedStart(port: number, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    cwd: serverDir,
    env: { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors = (errors + String(d)).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}: ${errors}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return (performance.now() - started) / 1000;
      if (performance.now() - started > 120_000) throw new Error(`the compiled server was not ready within 120 s: ${errors}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureProductionStart(opts: {
  report: Report;
  label: string;
  /** A new database per first start (PGlite folder or PostgreSQL scratch database). */
  fresh: () => Promise<BenchDatabase> | BenchDatabase;
  port: number;
  starts: number;
  passwords: Record<string, string>;
}): Promise<void> {
  const { report, label } = opts;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'pipe' });
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < opts.starts; i++) {
    const database = await opts.fresh();
    const dataDir = database.serverEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bench-start-'));
    const env = { ...database.serverEnv, DATA_DIR: dataDir, ...opts.passwords };
    try {
      first.push(await timedStart(opts.port, env));
      again.push(await timedStart(opts.port, env));
    } finally {
      await database.drop();
      if (!database.serverEnv.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const line = (values: number[]) => `${fmt(median(values), 2)} s (median of ${values.length}: ${values.map((v) => v.toFixed(2)).join(', ')})`;
  report.budget(`${label}: first start on a new database → /readyz 200`, line(first), `≤ ${BUDGET_SECONDS} s`, median(first) <= BUDGET_SECONDS);
  report.budget(`${label}: restart → /readyz 200`, line(again), `≤ ${BUDGET_SECONDS} s`, median(again) <= BUDGET_SECONDS);
}
