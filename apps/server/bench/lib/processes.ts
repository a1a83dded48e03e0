/**
 * The bench's child processes: the server under test (the real src/server.ts), the bare Fastify
 * baseline and the autocannon load generator each run as their own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');
/** Node with tsx's loader, in one process (the tsx CLI would add a wrapper process). */
const tsNode = (script: string, args: string[] = [], nodeArgs: string[] = []) => [process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args]] as const;

export interface Child {
  process: ChildProcess;
  port: number;
  url: string;
  /** Last lines written by the child (shown when it fails). */
  output(): string;
  stop(): Promise<void>;
}

function track(child: ChildProcess) {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => tail;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

async function waitUntil(check: () => Promise<boolean>, child: ChildProcess, output: () => string, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${output()}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts src/server.ts with `env` on `port` (127.0.0.1) and waits until /readyz answers 200. `env`
 * must name the database (DATABASE_URL, empty for PGlite in DATA_DIR): it overrides the bench's own.
 * `unset`: variables of the bench's own environment the server must not get (it runs their defaults).
 */
export async function startServer(port: number, env: Record<string, string>, unset: string[] = []): Promise<Child> {
  // BENCH_SERVER_NODE_ARGS: extra node options for the server under test (e.g. --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const [cmd, args] = tsNode(path.join(serverDir, 'src/server.ts'), [], nodeArgs);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  for (const name of unset) delete childEnv[name];
  const child = spawn(cmd, args, {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = track(child);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/readyz`)).status === 200, child, output, 'the server under test');
  return { process: child, port, url, output, stop: stopper(child) };
}

/** Headers a baseline repeats from a sampled answer (not those HTTP sets per answer). */
const PER_ANSWER_HEADERS = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

/** A sampled answer: its body and the headers a constant answer can repeat. */
export async function sampleAnswer(url: string, body: string): Promise<{ body: string; headers: Record<string, string> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  });
  return { body: await res.text(), headers };
}

/**
 * Starts the bare Fastify baseline answering POST `route` with exactly `answer` (body and headers);
 * `logLevel`: its logger's level (the server under test's, so both log alike), else none.
 */
export async function startBare(port: number, route: string, answer: { body: string; headers: Record<string, string> }, logLevel?: string): Promise<Child> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bare-')), 'answer.json');
  fs.writeFileSync(file, JSON.stringify(answer));
  const [cmd, args] = tsNode(path.join(import.meta.dirname, '../procs/bare.ts'), [String(port), route, file, ...(logLevel ? [logLevel] : [])]);
  const child = spawn(cmd, args, { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = track(child);
  await waitUntil(async () => output().includes('ready'), child, output, 'the bare baseline');
  const stop = stopper(child);
  return {
    process: child,
    port,
    url: `http://127.0.0.1:${port}`,
    output,
    stop: async () => {
      await stop();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

export interface LoadJob {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds: number;
  /** Offered requests per second in total; unset = closed loop, as fast as answered. */
  rate?: number;
  /** Session tokens used in turn, one per request. */
  tokens?: string[];
  /** Count envelope codes (accepted) and refusals by message. */
  countCodes?: boolean;
  /** A fresh Idempotency-Key on each request. */
  idempotencyKeys?: boolean;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  accepted: number;
  refused: Record<string, number>;
}

/** Runs autocannon in its own process (procs/loadgen.mjs) and returns its figures. */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-load-'));
  const file = path.join(dir, 'job.json');
  fs.writeFileSync(file, JSON.stringify(job));
  try {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '../procs/loadgen.mjs'), file], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`load generator exited with ${code}: ${err}`);
    return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** POSTs a JSON body and returns the parsed envelope (bench set-up and checks, not measured). */
export async function post<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; msg: string; data: T };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU time (user + system, ms) a child process has used so far, from /proc (Linux); undefined elsewhere.
 * Per request it is a figure a busy machine disturbs far less than throughput.
 */
export function cpuMs(child: Child): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${child.process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
