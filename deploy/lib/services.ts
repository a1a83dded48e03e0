/**
 * Processes a deploy test owns and may stop, restart or kill at will: a private PostgreSQL cluster
 * (initdb into a temporary directory), a private Redis, and Lucky28 server nodes. Nothing here touches
 * a server it did not start.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Proc {
  name: string;
  child: ChildProcess;
  out: string;
  exited: Promise<void>;
  readonly alive: boolean;
}

/**
 * A child process whose output is kept (for the failure report), stopped by `stopAll`. `as`: the user
 * (uid, gid) it runs as, itself (no wrapper: its pid is the program's, for a signal sent to it).
 */
export function startProc(
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  as: { uid: number; gid: number } | undefined = undefined,
): Proc {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], ...as });
  const proc: Proc = {
    name,
    child,
    out: '',
    exited: new Promise((r) => child.once('exit', () => r())),
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
  };
  child.stdout!.on('data', (d) => (proc.out += String(d)));
  child.stderr!.on('data', (d) => (proc.out += String(d)));
  return proc;
}

/** SIGTERM, then SIGKILL what is still running after `graceMs`. */
export async function stopAll(procs: Proc[], graceMs = 10_000): Promise<void> {
  for (const p of procs) if (p.alive) p.child.kill('SIGTERM');
  await Promise.race([Promise.all(procs.map((p) => p.exited)), sleep(graceMs)]);
  for (const p of procs) if (p.alive) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
}

/** Waits for `GET /readyz` to answer 200. */
export async function waitReady(url: string, proc: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.alive) throw new Error(`${proc.name} exited:\n${proc.out.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`${proc.name} not ready in time:\n${proc.out.slice(-3000)}`);
}

// ---- a private PostgreSQL cluster ----------------------------------------------------------------

/** The binaries of the newest PostgreSQL installed (PG_BIN overrides). */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return path.join(root, versions[0], 'bin');
  return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
}

/** The user PostgreSQL's programs run as: postgres when this process is root (they refuse root), else this one. */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  };
}

export interface PrivatePostgres {
  port: number;
  /** The cluster's temporary directory (its data directory is `data` in it; its socket is here). */
  dir: string;
  /** Runs a program as the cluster's owner (postgres when this process is root). */
  runAsOwner(program: string, args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database: string): string;
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster (immediately) and removes its directory. */
  destroy(): Promise<void>;
  log(): string;
}

/**
 * initdb into a new temporary directory and start it on `port` (127.0.0.1 only, trust, no fsync: a
 * throw-away cluster). initdb refuses to run as root, so as root every command runs as `postgres`
 * through runuser and the directory is given to that user.
 */
export async function startPrivatePostgres(port: number, extraOptions = ''): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-faults-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const owner = postgresOwner();
  const asRoot = owner !== undefined;
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const runAsOwner = (program: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args));
  const pg = (tool: string, args: string[]) => runAsOwner(path.join(bin, tool), args);
  const ctl = (args: string[]) => pg('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', ...args]);
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off -c max_connections=200 ${extraOptions}`;
  await ctl(['-o', options, 'start']);
  return {
    port,
    dir,
    runAsOwner,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: async () => void (await ctl(['-m', 'fast', 'restart'])),
    stop: async () => void (await ctl(['-m', 'fast', 'stop'])),
    start: async () => void (await ctl(['-o', options, 'start'])),
    destroy: async () => {
      await ctl(['-m', 'immediate', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
}

// ---- a private Redis ----------------------------------------------------------------------------

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** redis-server on `port` (127.0.0.1, nothing saved), as a child process of this one. */
export async function startPrivateRedis(port: number, cwd: string): Promise<PrivateRedis> {
  let proc: Proc | undefined;
  const start = async () => {
    proc = startProc('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {}, cwd);
    const deadline = Date.now() + 10_000;
    while (!proc.out.includes('Ready to accept connections')) {
      if (!proc.alive || Date.now() > deadline) throw new Error(`redis-server did not start:\n${proc.out.slice(-2000)}`);
      await sleep(50);
    }
  };
  const stop = async () => {
    if (proc) await stopAll([proc], 5_000);
    proc = undefined;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, start, stop, destroy: stop };
}
