/**
 * Live push bench (DESIGN §10): the real server as its own process, loaded by a
 * separate load-generator process (bench/streamViewers.ts) holding VIEWERS idle Server-Sent Events
 * connections to one room's stream, like as many players' browsers.
 *  - memory per viewer: the server's resident memory (VmRSS) with the viewers connected minus before,
 *    divided by their number — budget ≤ 10 kB;
 *  - push latency: BETS bets are placed over HTTP, one every BET_GAP_MS; for each, the time from
 *    sending the bet to its arrival at every viewer — budget p99 ≤ 200 ms, and no viewer missing one.
 * PostgreSQL when DATABASE_URL is set (use a scratch database: the server seeds it), else a fresh
 * file-backed PGlite. Run on its own with `npm run bench:stream -w apps/server`, or call
 * `benchStream()` from the bench runner. Port 8360 (server; BENCH_STREAM_PORT); loopback only.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface StreamBenchResult {
  viewers: number;
  connected: number;
  bytesPerViewer: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  deliveries: number;
  missing: number;
  ok: boolean;
  lines: { name: string; value: string; budget: string; ok: boolean }[];
}

export const STREAM_BUDGETS = { bytesPerViewer: 10 * 1024, p99Ms: 200 };

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb * 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function post(base: string, p: string, body: Record<string, unknown>, token?: string) {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify({ lang: 'en', ...body }),
  });
  return (await res.json()) as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function waitFor<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`load generator: no "${type}" within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (msg: { type: string }) => {
      if (msg.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(msg as T);
    };
    child.on('message', onMessage);
  });
}

export async function benchStream(
  opts: { viewers?: number; bets?: number; betGapMs?: number; port?: number; databaseUrl?: string; generators?: number } = {},
): Promise<StreamBenchResult> {
  const viewers = opts.viewers ?? Number(process.env.BENCH_VIEWERS ?? 5000);
  const generators = opts.generators ?? 2;
  const bets = opts.bets ?? 20;
  const betGapMs = opts.betGapMs ?? 400;
  const port = opts.port ?? Number(process.env.BENCH_STREAM_PORT ?? 8360);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bench-stream-'));
  const demoPassword = `bench-${randomBytes(8).toString('hex')}`;
  const children: ChildProcess[] = [];

  try {
    // node itself, not the tsx CLI: the pid read for memory is the server's.
    const server = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/streamServer.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl ?? process.env.DATABASE_URL ?? '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        DEMO_PASSWORD: demoPassword,
        // Long rounds that close a second before their draw: betting is open during the run.
        ROUND_SECONDS: '3600',
        CLOSE_BEFORE_SECONDS: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(server);
    let serverErr = '';
    server.stderr!.on('data', (d) => (serverErr += String(d)));
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited: ${serverErr.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error('server not ready');
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(250);
    }

    const login = await post(base, '/api/user/login', { account: 'demo', password: demoPassword });
    if (login.code !== 1) throw new Error(`demo login: ${login.msg}`);
    const token = login.data.userinfo.token as string;
    const hall = await post(base, '/api/Lottery/index', { game_id: 7 });
    const plan = (hall.data.gameList[0].planList as { id: number; type: number }[]).find((p) => p.type === 0)!.id;
    // Fill the room's feed first, so every viewer gets a full state (the heaviest case), and warm up.
    const heart = await post(base, '/api/Lottery/heart', { game_id: 7 });
    let issue = heart.data.issue.issue as string;
    for (let i = 0; i < 25; i++) await post(base, '/api/Lottery/playOrder', { issue, plan_id: plan, game_id: 7, play_type: '1,2', money: '10' }, token);
    await sleep(11_000); // the bet rate limit's window (30 per 10 s) starts afresh
    /**
     * The server's memory once settled: its JavaScript heap and the memory outside it (buffers)
     * right after a full garbage collection (bench/streamServer.ts answers SIGUSR2), and its resident
     * set (informative: PGlite's and the allocator's pages make it noisy).
     */
    const settled = async (): Promise<{ js: number; rss: number }> => {
      await sleep(1500);
      const mark = serverErr.length;
      const line = new Promise<string>((resolve) => {
        const onData = () => {
          const m = /memory (\{.*\})\n/.exec(serverErr.slice(mark));
          if (m) {
            server.stderr!.off('data', onData);
            resolve(m[1]!);
          }
        };
        server.stderr!.on('data', onData);
      });
      server.kill('SIGUSR2');
      const usage = JSON.parse(await line) as { heapUsed: number; external: number; rss: number };
      return { js: usage.heapUsed + usage.external, rss: rssBytes(server.pid!) };
    };

    // Memory per viewer is measured between a warm first tenth of the viewers and all of them, so
    // start-up and first-request allocations do not count either way.
    const first = Math.max(1, Math.floor(viewers / 10));
    // Several load-generator processes, as many browsers read in parallel (one process alone would
    // measure its own queue of thousands of sockets).
    const gens = Array.from({ length: generators }, (_, g) => {
      const share = Math.floor(first / generators) + (g < first % generators ? 1 : 0);
      const gen = fork(path.join(import.meta.dirname, 'streamViewers.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, STREAM_URL: `${base}/api/Lottery/stream?plan_id=${plan}&game_id=7`, VIEWERS: String(share), GENERATOR: String(g) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(gen);
      return gen;
    });
    const all = <T>(type: string, timeoutMs: number) => Promise.all(gens.map((g) => waitFor<T>(g, type, timeoutMs)));
    await all('ready', 60_000);
    const before = await settled();
    const started = Date.now();
    const rest = viewers - first;
    gens.forEach((g, i) => g.send({ type: 'open', count: Math.floor(rest / generators) + (i < rest % generators ? 1 : 0) }));
    const readies = await all<{ ready: number; failed: number }>('ready', 120_000);
    const ready = { ready: readies.reduce((n, r) => n + r.ready, 0), failed: readies.reduce((n, r) => n + r.failed, 0) };
    const connectMs = Date.now() - started;
    const after = await settled();
    const added = ready.ready - first;
    const bytesPerViewer = added > 0 ? (after.js - before.js) / added : NaN;
    const rssPerViewer = added > 0 ? (after.rss - before.rss) / added : NaN;

    issue = (await post(base, '/api/Lottery/heart', { game_id: 7 })).data.issue.issue as string;
    let placed = 0;
    const answered: number[] = [];
    for (let i = 0; i < bets; i++) {
      const money = (10 + (i + 1) / 100).toFixed(2); // the stake is the bet's marker: 10.01, 10.02, …
      const sentAt = Date.now();
      for (const g of gens) g.send({ type: 'bet', marker: money, sentAt });
      const r = await post(base, '/api/Lottery/playOrder', { issue, plan_id: plan, game_id: 7, play_type: '3', money }, token);
      answered.push(Date.now() - sentAt);
      if (r.code === 1) placed++;
      await sleep(betGapMs);
    }
    await sleep(1000);
    for (const g of gens) g.send({ type: 'report' });
    const reports = await all<{ latencies: number[]; spans: Record<string, [number, number]>; missing: number; closed: number }>('report', 30_000);
    for (const g of gens) g.send({ type: 'exit' });
    const spans = new Map<string, [number, number]>();
    for (const r of reports) {
      for (const [marker, [lo, hi]] of Object.entries(r.spans)) {
        const had = spans.get(marker);
        spans.set(marker, had ? [Math.min(had[0], lo), Math.max(had[1], hi)] : [lo, hi]);
      }
    }
    const report = {
      latencies: reports.flatMap((r) => r.latencies),
      spans: [...spans.values()],
      missing: reports.reduce((n, r) => n + r.missing, 0),
      closed: reports.reduce((n, r) => n + r.closed, 0),
    };
    const sorted = report.latencies.sort((x, y) => x - y);
    const p99 = percentile(sorted, 99);
    const missing = report.missing + (bets - placed) * ready.ready;
    const firstReached = report.spans.map((x) => x[0]).sort((x, y) => x - y);
    const spread = report.spans.map((x) => x[1] - x[0]).sort((x, y) => x - y);
    answered.sort((x, y) => x - y);

    const lines = [
      {
        name: `idle viewers on one node (connected in ${(connectMs / 1000).toFixed(1)} s)`,
        value: `${ready.ready} of ${viewers}`,
        budget: `${viewers}`,
        ok: ready.ready === viewers && report.closed === 0,
      },
      {
        name: 'server memory per idle viewer (JS heap + buffers after GC)',
        value: `${(bytesPerViewer / 1024).toFixed(2)} kB (${((after.js - before.js) / 1048576).toFixed(1)} MB for ${added} more; resident set ${(rssPerViewer / 1024).toFixed(2)} kB each)`,
        budget: '≤ 10 kB',
        // Less memory with more viewers is no measure: something else in the process moved (on PGlite,
        // the embedded database's buffers are counted too). Never a pass.
        ok: bytesPerViewer >= 0 && bytesPerViewer <= STREAM_BUDGETS.bytesPerViewer,
      },
      {
        name: `bet → every viewer (${placed} bets × ${ready.ready} viewers)`,
        value: `p50 ${percentile(sorted, 50)} ms, p99 ${p99} ms, max ${sorted[sorted.length - 1]} ms, ${missing} missed`,
        budget: 'p99 ≤ 200 ms, 0 missed',
        ok: p99 <= STREAM_BUDGETS.p99Ms && missing === 0 && placed === bets,
      },
      {
        name: 'of which (informative): the bet answered / first viewer reached / first to last viewer',
        value: `p50 ${percentile(answered, 50)} / ${percentile(firstReached, 50)} / ${percentile(spread, 50)} ms, max ${answered[answered.length - 1]} / ${firstReached[firstReached.length - 1]} / ${spread[spread.length - 1]} ms`,
        budget: '—',
        ok: true,
      },
    ];
    return {
      viewers,
      connected: ready.ready,
      bytesPerViewer,
      latencyP50Ms: percentile(sorted, 50),
      latencyP99Ms: p99,
      latencyMaxMs: sorted[sorted.length - 1] ?? NaN,
      deliveries: sorted.length,
      missing,
      ok: lines.every((l) => l.ok),
      lines,
    };
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await sleep(500);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchStream().then(
    (r) => {
      for (const l of r.lines) console.log(`${l.ok ? 'ok  ' : 'FAIL'}  ${l.name}: ${l.value}  (budget ${l.budget})`);
      process.exit(r.ok ? 0 : 1);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
