/**
 * The real server as its own process (`src/server.ts` under tsx), for tests about what a process
 * does — what it prints, and what survives when it is killed. Listens on 127.0.0.1 on a free port
 * of this suite's range (8122–8129, then any free port).
 */
import { api, type CallRef } from '@lucky28/shared/api';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let port = 8122; port <= 8129; port++) if (await isFree(port)) return port;
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  /** The script to run, relative to apps/server (default: the real entry, src/server.ts). */
  entry?: string;
  /** Ready when the output matches this (default: when it says it listens and /readyz answers). */
  waitFor?: RegExp;
  readyTimeoutMs?: number;
  /** Run the entry under tsx (default), or as plain JavaScript (the compiled server: dist/server/server.js). */
  typescript?: boolean;
}

/** The line src/server.ts prints once it listens. */
const LISTENING = /Lucky28 is running on/;

/**
 * Starts the server with `env` added to this environment and waits until it is ready; on another
 * port when the one it was given was taken meanwhile (by another test file's server).
 */
export async function startServerProcess(env: Record<string, string>, opts: StartOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, opts, await freePort());
    } catch (err) {
      if (attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOnce(env: Record<string, string>, opts: StartOptions, port: number): Promise<ServerProcess> {
  const { entry = 'src/server.ts', waitFor, readyTimeoutMs = 180_000, typescript = true } = opts;
  // node itself, not the tsx CLI: a signal must reach the server, not a wrapper process.
  const child = spawn(process.execPath, typescript ? ['--import', 'tsx', entry] : [entry], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  let alive = true;
  void exited.then(() => (alive = false));
  while (Date.now() < deadline && alive) {
    if (waitFor) {
      if (waitFor.test(out)) return server;
    } else if (LISTENING.test(out)) {
      // Only after our own process says it listens: test files run in parallel, and another file's
      // server may have taken the same free-looking port first (our process then exits), when a
      // /readyz alone would be answered by that other server.
      try {
        if ((await fetch(`${url}/readyz`)).ok) return server;
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not become ready:\n${out}`);
}

/** Sends `body` (in English) as JSON to the contract's call `ref` on the server at `url`: the HTTP status and the answer. */
export async function postJson(url: string, ref: CallRef, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${ref.path}`, {
    method: ref.method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ lang: 'en', ...body }),
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) };
}

export interface BettingServer {
  server: ServerProcess;
  /** The demo player's token. */
  token: string;
  /** The normal room of the game. */
  plan: number;
}

/**
 * The real server with its demo content, ready for the demo player's bets on `gameId`: bets close 5 s
 * before a draw, rate limits ×100, logs at info; demo and operator passwords named after `name`.
 * `env` adds to (or overrides) that, and holds DATA_DIR and DATABASE_URL.
 */
export async function startBettingServer(name: string, env: Record<string, string>, gameId: number): Promise<BettingServer> {
  const demoPassword = `${name}-demo-pass-1`;
  const server = await startServerProcess({
    DEMO_PASSWORD: demoPassword,
    OPERATOR_PASSWORD: `${name}-operator-pass-1`,
    CLOSE_BEFORE_SECONDS: '5',
    RATE_LIMIT_FACTOR: '100',
    LOG_LEVEL: 'info',
    ...env,
  });
  try {
    const login = await postJson(server.url, api.user.login, { account: 'demo', password: demoPassword });
    expect(login.code, login.msg).toBe(1);
    const hall = await postJson(server.url, api.lottery.index, { game_id: gameId });
    const plan = (hall.data.gameList[0].planList as { id: number; type: number }[]).find((p) => p.type === 0)!.id;
    return { server, token: login.data.userinfo.token as string, plan };
  } catch (err) {
    await server.stop('SIGKILL');
    throw err;
  }
}
