/**
 * Two Lucky28 nodes behind HAProxy on one PostgreSQL and one Redis, as
 * deploy/README.md sets them up, shown to work together:
 *   (a) a bet placed through node A appears in node B's live stream and heart within 1 s;
 *   (b) exactly one node draws each round (each node logs the rounds it draws);
 *   (c) SIGKILL of the node that draws, mid-round: the other draws that round on time, every order
 *       is settled once and paid at most once, and the ledger reconciles;
 *   (d) presence counts are the same on both nodes, and rate limits are counted across nodes;
 *   (e) node B's LISTEN connection is terminated mid-round: A's next bet and draw still reach B's
 *       live stream and heart within 5 s (B listens again and catches up);
 *   (f) Redis is killed and started again: meanwhile each node counts rate limits and presence on
 *       its own (as docs/configuration.md says of REDIS_URL), bets go on; afterwards presence and the rate limits are shared
 *       again by themselves, and A's next bet and draw reach B within 5 s;
 *   (g) Debian's Prometheus scrapes both nodes' metrics listeners (METRICS_PORT) with the alert
 *       rules of deploy/prometheus/ loaded, and sees every node up (deploy/lib/prometheus.ts);
 *   (r) rolling restart (deploy/lib/rollingRestart.ts): the killed node comes back, then each node in turn
 *       is stopped with SIGTERM and started again while 200 players bet and 1,000 viewers watch through
 *       HAProxy: no bet lost or doubled, no 5xx, every viewer back on a stream within 5 s, ledger clean;
 *   (p) a full pgBackRest backup taken while bets flow (on a private cluster that archives its WAL, on
 *       DEPLOY_PORT + 5), restored and started on DEPLOY_PORT + 6: every bet committed before it is there.
 * Run: `npm run deploy:test` (CI). Needs `haproxy` and `redis-server` on the PATH and PostgreSQL
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a scratch database is created
 * and dropped). It starts a Redis of its own on TEST_REDIS_PORT (default 6381; killed at the end).
 * Ports DEPLOY_PORT (default 8340) for HAProxy and the next two for the nodes; DEPLOY_PORT + 20 and
 * + 21 for the nodes' metrics, + 22 for Prometheus. Exits non-zero on failure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.js';
import { onSseFrames } from '../apps/server/src/http/sseFrames.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { findDiscrepancies } from '../apps/server/src/domain/wallet/invariants.js';
import { prometheusFindings, startPrometheus } from './lib/prometheus.js';
import { rollingRestart } from './lib/rollingRestart.js';
import { pgBackrestDrill } from './lib/pgBackrestDrill.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_PORT = Number(process.env.TEST_REDIS_PORT ?? 6381);
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}/0`;
const BASE = Number(process.env.DEPLOY_PORT ?? 8340);
const PORTS = { lb: BASE, a: BASE + 1, b: BASE + 2 };
const METRICS = { a: BASE + 20, b: BASE + 21, prometheus: BASE + 22 };
const ROUND_SECONDS = 20;
const CLOSE_BEFORE_SECONDS = 5;
const DEMO_PASSWORD = `demo-${randomBytes(6).toString('hex')}`;
const GAME = 7;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 23)}]`, ...args);
let failures = 0;
function check(ok: boolean, what: string, detail: unknown = ''): void {
  if (ok) log(`ok   ${what}`, detail);
  else {
    failures++;
    log(`FAIL ${what}`, detail);
  }
}

// ---- processes ----------------------------------------------------------------------------------

interface Proc {
  name: string;
  child: ChildProcess;
  out: string;
  exited: Promise<void>;
}
const procs: Proc[] = [];

function startProc(name: string, cmd: string, args: string[], env: Record<string, string>, cwd = ROOT): Proc {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = { name, child, out: '', exited: new Promise((r) => child.once('exit', () => r())) };
  // A program missing from the PATH: a failed check with its cause, not a crash leaving the others running.
  child.once('error', (err) => {
    proc.out += `${name}: ${err.message}\n`;
    failures++;
    log(`FAIL ${name} could not start: ${err.message}`);
  });
  child.stdout!.on('data', (d) => (proc.out += String(d)));
  child.stderr!.on('data', (d) => (proc.out += String(d)));
  procs.push(proc);
  return proc;
}

async function waitReady(url: string, proc: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${proc.name} exited:\n${proc.out.slice(-3000)}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`${proc.name} not ready in time:\n${proc.out.slice(-3000)}`);
}

/** A private Redis (nothing saved): the test kills and restarts it. */
async function startRedis(name: string): Promise<Proc> {
  const proc = startProc(name, 'redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {});
  await until(
    `${name} to answer on :${REDIS_PORT}`,
    async () => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${name} exited:\n${proc.out.slice(-2000)}`);
      const probe = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => {});
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG' ? true : undefined;
      } catch {
        return undefined;
      } finally {
        probe.disconnect();
      }
    },
    10_000,
  );
  return proc;
}

/** `compiled`: the production build (dist/server/server.js, `npm run build:prod`) instead of the sources under tsx. */
function startNode(name: 'a' | 'b', databaseUrl: string, dataDir: string, compiled = false): Proc {
  // node itself (not the tsx CLI), so that SIGKILL reaches the server and nothing else.
  return startProc(
    `node ${name}`,
    process.execPath,
    compiled ? ['--enable-source-maps', 'dist/server/server.js'] : ['--import', 'tsx', 'src/server.ts'],
    {
      HOST: '127.0.0.1',
      PORT: String(PORTS[name]),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      ROUND_SECONDS: String(ROUND_SECONDS),
      CLOSE_BEFORE_SECONDS: String(CLOSE_BEFORE_SECONDS),
      DEMO_PASSWORD,
      OPERATOR_PASSWORD: `op-${randomBytes(8).toString('hex')}`,
      OPERATOR_SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      METRICS_PORT: String(METRICS[name]),
      NODE_NAME: `node-${name}`,
    },
    path.join(ROOT, 'apps/server'),
  );
}

// ---- HTTP ---------------------------------------------------------------------------------------

const url = (port: number) => `http://127.0.0.1:${port}`;

async function api(port: number, p: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${url(port)}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ lang: 'en', ...body }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
  const json = (await res.json()) as { code: number; msg: string; data: any };
  return { status: res.status, ...json };
}

interface Stream {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- event data of several shapes
  events: { event: string; data: any; at: number }[];
  close(): void;
}

function openStream(port: number, query: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url(port)}/api/Lottery/stream${query}`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      const stream: Stream = { events: [], close: () => req.destroy() };
      onSseFrames(res, (block) => {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) stream.events.push({ event, data: JSON.parse(data), at: Date.now() });
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', reject);
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(20);
  }
}

/** Waits until the current round of GAME has at least `seconds` of betting left; returns its issue and seconds to the draw. */
async function openRound(port: number, seconds: number): Promise<{ issue: string; openTime: number }> {
  return until(
    `a round open for ${seconds} s`,
    async () => {
      const h = await api(port, '/api/Lottery/heart', { game_id: GAME });
      return h.code === 1 && !h.data.issue.whether_close && h.data.issue.closeTime >= seconds
        ? { issue: h.data.issue.issue as string, openTime: h.data.issue.openTime as number }
        : undefined;
    },
    (ROUND_SECONDS + 5) * 1000,
  );
}

/** The node's log lines with this message. */
function logLines(proc: Proc, msg: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const line of proc.out.split('\n')) {
    if (!line.includes(`"${msg}"`)) continue;
    try {
      const j = JSON.parse(line) as Record<string, unknown>;
      if (j.msg === msg) lines.push(j);
    } catch {
      /* not a log line */
    }
  }
  return lines;
}

function drawnBy(proc: Proc): Set<string> {
  return new Set(logLines(proc, 'round drawn').map((j) => `${j.gameId}:${j.issue}`));
}

// ---- the run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dbName = `lucky28_deploy_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-deploy-'));
  const database = await openPostgres(dbUrl.toString(), 4);
  const streams: Stream[] = [];

  try {
    log(`database ${dbName}, redis ${REDIS_URL}, HAProxy :${PORTS.lb} → nodes :${PORTS.a} :${PORTS.b}`);
    let redisProc = await startRedis('redis');
    // One after the other: the first migrates and seeds the database.
    const a = startNode('a', dbUrl.toString(), path.join(dataDir, 'a'));
    await waitReady(url(PORTS.a), a);
    const b = startNode('b', dbUrl.toString(), path.join(dataDir, 'b'));
    await waitReady(url(PORTS.b), b);
    const lb = startProc('haproxy', 'haproxy', ['-db', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], {
      LB_BIND: `127.0.0.1:${PORTS.lb}`,
      NODE_A: `127.0.0.1:${PORTS.a}`,
      NODE_B: `127.0.0.1:${PORTS.b}`,
    });
    await waitReady(url(PORTS.lb), lb, 20_000);
    log('both nodes and HAProxy are up');
    const metricsTargets = [`127.0.0.1:${METRICS.a}`, `127.0.0.1:${METRICS.b}`];
    const prometheus = await startPrometheus({ port: METRICS.prometheus, targets: metricsTargets, dir: path.join(dataDir, 'prometheus') });
    procs.push(prometheus.proc);

    const login = await api(PORTS.lb, '/api/user/login', { account: 'demo', password: DEMO_PASSWORD });
    if (login.code !== 1) throw new Error(`demo login: ${login.msg}`);
    const demo = { token: login.data.userinfo.token as string };
    const hall = await api(PORTS.lb, '/api/Lottery/index', { game_id: GAME });
    const plan = (hall.data.gameList[0].planList as { id: number; type: number }[]).find((p) => p.type === 0)!.id;

    // (a) A bet through node A reaches node B's stream and heart within 1 s.
    const onB = await openStream(PORTS.b, `?plan_id=${plan}&game_id=${GAME}`);
    const onLb = await openStream(PORTS.lb, `?plan_id=${plan}&game_id=${GAME}`);
    streams.push(onB, onLb);
    await until('the streams to start', () => (onB.events.length > 0 && onLb.events.length > 0 ? true : undefined), 5000);
    let { issue } = await openRound(PORTS.lb, 4);
    const sent = Date.now();
    const placed = await api(
      PORTS.a,
      '/api/Lottery/playOrder',
      { issue, plan_id: plan, game_id: GAME, play_type: '21', money: '12.34' },
      { token: demo.token },
    );
    check(placed.code === 1, '(a) bet placed through node A', placed.msg);
    const isOurs = (m: { quantity: string; play_type: number; issue: string }) => m.quantity === '12.34' && m.play_type === 21 && m.issue === issue;
    const pushed = await until("the bet on node B's stream", () => onB.events.find((e) => e.event === 'bets' && e.data.message.some(isOurs)), 3000);
    check(pushed.at - sent <= 1000, "(a) the bet reached node B's live stream within 1 s", `${pushed.at - sent} ms`);
    const polled = await until(
      "the bet in node B's heart",
      async () => {
        const h = await api(PORTS.b, '/api/Lottery/heart', { plan_id: plan, game_id: GAME });
        return h.data.message.some(isOurs) ? Date.now() : undefined;
      },
      3000,
    );
    check(polled - sent <= 1000, "(a) the bet is in node B's heart (polling) within 1 s", `${polled - sent} ms`);
    const viaLb = await until('the bet through HAProxy', () => onLb.events.find((e) => e.event === 'bets' && e.data.message.some(isOurs)), 3000);
    check(viaLb.at - sent <= 1000, '(a) and in the stream served through HAProxy', `${viaLb.at - sent} ms`);

    // (d) Presence: three players, one per node and one through HAProxy; both nodes count three.
    const players = [demo.token];
    for (let i = 0; i < 2; i++) {
      const guest = await api(PORTS.lb, '/api/user/guestLogin');
      players.push(guest.data.userinfo.token as string);
    }
    const ports = [PORTS.a, PORTS.b, PORTS.lb];
    await Promise.all(players.map((token, i) => api(ports[i]!, '/api/Lottery/heart', { plan_id: plan, game_id: GAME }, { token })));
    const counts = await until(
      'presence to be shared',
      async () => {
        const [ca, cb] = await Promise.all(
          [PORTS.a, PORTS.b].map(async (p) => (await api(p, '/api/Lottery/heart', { plan_id: plan, game_id: GAME })).data.robot_num as number),
        );
        return ca === players.length && cb === players.length ? [ca, cb] : undefined;
      },
      5000,
    ).catch(async () =>
      Promise.all([PORTS.a, PORTS.b].map(async (p) => (await api(p, '/api/Lottery/heart', { plan_id: plan, game_id: GAME })).data.robot_num as number)),
    );
    check(
      counts[0] === players.length && counts[1] === players.length,
      '(d) both nodes count the same players present',
      `A ${counts[0]}, B ${counts[1]}, expected ${players.length}`,
    );

    // (d) Rate limits across nodes: 40 failed sign-ins from one address, alternating A and B, meet
    // the limit of 30 per 5 minutes once (each node alone would see only 20).
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await fetch(`${url(i % 2 === 0 ? PORTS.a : PORTS.b)}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ account: `nobody${i}`, password: 'wrong-password-1', lang: 'en' }),
      });
      statuses.push(r.status);
    }
    check(
      statuses.filter((s) => s === 429).length === 10,
      '(d) the sign-in rate limit is counted across both nodes',
      `${statuses.filter((s) => s === 429).length} of 40 refused with 429`,
    );

    // (b) Exactly one node draws each round: wait for the round of (a) to be drawn, then compare.
    await until(
      'the round of (a) drawn',
      async () => {
        const rows = await queryRows(database.db, sql`select 1 from rounds where game_id = ${GAME} and issue = ${issue} and drawn_at is not null`);
        return rows.length > 0 ? true : undefined;
      },
      (ROUND_SECONDS + 5) * 1000,
    );
    await sleep(500);
    const byA = drawnBy(a);
    const byB = drawnBy(b);
    const drawn = (await queryRows<{ game_id: number; issue: string }>(database.db, sql`select game_id, issue from rounds where drawn_at is not null`)).map(
      (r) => `${r.game_id}:${r.issue}`,
    );
    const both = [...byA].filter((k) => byB.has(k));
    const unclaimed = drawn.filter((k) => !byA.has(k) && !byB.has(k));
    check(
      drawn.length >= 5 && both.length === 0 && unclaimed.length === 0 && byA.size + byB.size === drawn.length,
      '(b) every drawn round was drawn by exactly one node',
      `${drawn.length} rounds: A drew ${byA.size}, B drew ${byB.size}, both ${both.length}, neither ${unclaimed.length}`,
    );

    // Helpers of (e) and (f): A's next bet, then A's next draw, seen by node B.
    const presentOn = async (port: number) => (await api(port, '/api/Lottery/heart', { plan_id: plan, game_id: GAME })).data.robot_num as number;
    const heartOn = (port: number, token?: string) => api(port, '/api/Lottery/heart', { plan_id: plan, game_id: GAME }, token ? { token } : {});
    const betSeenOnB = async (label: string, amount: string): Promise<string> => {
      const { issue: round } = await openRound(PORTS.a, 3);
      const sent = Date.now();
      const placed = await api(
        PORTS.a,
        '/api/Lottery/playOrder',
        { issue: round, plan_id: plan, game_id: GAME, play_type: '22', money: amount },
        { token: demo.token },
      );
      check(placed.code === 1, `${label} bet placed on node A`, placed.msg);
      const ours = (m: { quantity: string; issue: string }) => m.quantity === amount && m.issue === round;
      const pushed = await until(
        "the bet on B's stream",
        () => onB.events.find((e) => e.at >= sent && e.event === 'bets' && e.data.message.some(ours)),
        6000,
      ).catch(() => undefined);
      check(
        pushed !== undefined && pushed.at - sent <= 5000,
        `${label} A's bet reached node B's live stream within 5 s`,
        pushed ? `${pushed.at - sent} ms` : 'never',
      );
      const polled = await until("the bet in B's heart", async () => ((await heartOn(PORTS.b)).data.message.some(ours) ? Date.now() : undefined), 6000).catch(
        () => undefined,
      );
      check(polled !== undefined && polled - sent <= 5000, `${label} and node B's heart within 5 s`, polled ? `${polled - sent} ms` : 'never');
      return round;
    };
    const drawSeenOnB = async (label: string, round: string): Promise<void> => {
      const [row] = await queryRows<{ at: number }>(
        database.db,
        sql`
        select (extract(epoch from draws_at) * 1000)::float8 as at from rounds where game_id = ${GAME} and issue = ${round}`,
      );
      // B is paused over the draw time, so that A draws: a round B drew itself would prove nothing here.
      await sleep(Math.max(0, Number(row!.at) - 200 - Date.now()));
      b.child.kill('SIGSTOP');
      const drawnAt = await until(
        'A to draw the round',
        async () => {
          const [r] = await queryRows<{ at: number | null }>(
            database.db,
            sql`
          select (extract(epoch from drawn_at) * 1000)::float8 as at from rounds where game_id = ${GAME} and issue = ${round}`,
          );
          return r?.at === null || r?.at === undefined ? undefined : Number(r.at);
        },
        4000,
      )
        .catch(() => undefined)
        .finally(() => b.child.kill('SIGCONT'));
      await until("A's log of the draw", () => (drawnBy(a).has(`${GAME}:${round}`) ? true : undefined), 2000).catch(() => undefined);
      check(drawnAt !== undefined && drawnBy(a).has(`${GAME}:${round}`), `${label} node A drew ${round} (B paused over the draw time)`);
      const shown = await until("the draw on B's stream", () => onB.events.find((e) => e.event === 'heart' && e.data.last_issue?.issue === round), 6000).catch(
        () => undefined,
      );
      check(
        shown !== undefined && drawnAt !== undefined && shown.at - drawnAt <= 5000,
        `${label} A's draw reached node B's live stream within 5 s`,
        shown && drawnAt ? `${Math.round(shown.at - drawnAt)} ms after the draw` : 'never',
      );
      const polled = await until(
        "the draw in B's heart",
        async () => ((await heartOn(PORTS.b)).data.last_issue?.issue === round ? Date.now() : undefined),
        6000,
      ).catch(() => undefined);
      check(
        polled !== undefined && drawnAt !== undefined && polled - drawnAt <= 5000,
        `${label} and node B's heart within 5 s`,
        polled && drawnAt ? `${Math.round(polled - drawnAt)} ms after the draw` : 'never',
      );
    };
    const signIns = async (address: string, n: number): Promise<number> => {
      let refused = 0;
      for (let i = 0; i < n; i++) {
        const r = await fetch(`${url(i % 2 === 0 ? PORTS.a : PORTS.b)}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ account: `nobody${i}`, password: 'wrong-password-1', lang: 'en' }),
        });
        if (r.status === 429) refused++;
      }
      return refused;
    };

    // (e) Terminate node B's LISTEN backend (found by its application_name) mid-round.
    await openRound(PORTS.a, 10);
    const bNode = logLines(b, 'listening to other nodes')[0]?.nodeId;
    const backends = await queryRows<{ pid: number }>(
      database.db,
      sql`select pid from pg_stat_activity where application_name = ${`lucky28-listen-${String(bNode)}`}`,
    );
    check(backends.length === 1, "(e) node B's listening backend found", backends);
    await database.db.execute(sql`select pg_terminate_backend(${backends[0]!.pid})`);
    log(`terminated node B's LISTEN backend (pid ${backends[0]!.pid})`);
    const roundE = await betSeenOnB('(e)', '23.45');
    await drawSeenOnB('(e)', roundE);
    const lostLines = logLines(b, 'lost the connection listening to other nodes; reconnecting');
    const backLines = logLines(b, 'listening to other nodes again; caught up from the database');
    check(
      lostLines.length === 1 && backLines.length === 1,
      '(e) node B logged the loss and the recovery once each',
      backLines[0] ? `back after ${backLines[0].downMs} ms, ${backLines[0].attempts} attempt(s)` : 'no recovery logged',
    );

    // (f) Redis is killed and started again.
    const [, guest1, guest2] = players as [string, string, string];
    await Promise.all([heartOn(PORTS.a, demo.token), heartOn(PORTS.b, guest1), heartOn(PORTS.b, guest2)]);
    const shared = await until(
      'presence shared before the restart',
      async () => {
        const [ca, cb] = [await presentOn(PORTS.a), await presentOn(PORTS.b)];
        return ca === 3 && cb === 3 ? [ca, cb] : undefined;
      },
      5000,
    ).catch(() => undefined);
    check(shared !== undefined, '(f) before: three players present, counted on both nodes');
    redisProc.child.kill('SIGKILL');
    await redisProc.exited;
    log('Redis killed');
    // While it is down (docs/configuration.md, REDIS_URL): each node counts its own viewers and its own rate-limit counters.
    await Promise.all([heartOn(PORTS.a, demo.token), heartOn(PORTS.b, guest1)]);
    const own = await until(
      'each node to count its own viewers',
      async () => {
        const [ca, cb] = [await presentOn(PORTS.a), await presentOn(PORTS.b)];
        return ca === 1 && cb === 2 ? [ca, cb] : undefined;
      },
      5000,
    ).catch(async () => [await presentOn(PORTS.a), await presentOn(PORTS.b)]);
    check(
      own[0] === 1 && own[1] === 2,
      '(f) while Redis is down, each node counts the players it sees itself',
      `A ${own[0]} (expected 1), B ${own[1]} (expected 2)`,
    );
    const refusedDown = await signIns('203.0.113.88', 70);
    check(
      refusedDown === 10,
      '(f) while Redis is down, each node counts the sign-in limit alone (35 each of 70: 5 refused on each)',
      `${refusedDown} of 70 refused with 429`,
    );
    await betSeenOnB('(f) while Redis is down:', '34.56');
    redisProc = await startRedis('redis-restarted');
    const restartedAt = Date.now();
    log('Redis started again');
    // Both nodes connected again (their clients retry every ≤ 2 s), then a sync later (each second):
    // the counts are then read from the restarted, empty Redis, not left over from before.
    const probe = new Redis(REDIS_URL);
    const clients = await until(
      'both nodes to reconnect to Redis',
      async () => {
        const n =
          String(await probe.client('LIST'))
            .split('\n')
            .filter((l) => l.trim()).length - 1;
        return n >= 2 ? n : undefined;
      },
      5000,
    ).catch(() => 0);
    probe.disconnect();
    check(clients >= 2, '(f) both nodes reconnected to the restarted Redis by themselves', `${Date.now() - restartedAt} ms after the restart`);
    await sleep(1500);
    const again = await until(
      'presence shared again',
      async () => {
        const [ca, cb] = [await presentOn(PORTS.a), await presentOn(PORTS.b)];
        return ca === 3 && cb === 3 ? Date.now() : undefined;
      },
      5000,
    ).catch(() => undefined);
    check(
      again !== undefined,
      '(f) presence is shared again on both nodes with no new poll (3 and 3)',
      again ? `${again - restartedAt} ms after the restart` : `A ${await presentOn(PORTS.a)}, B ${await presentOn(PORTS.b)}`,
    );
    const refusedUp = await signIns('203.0.113.99', 40);
    check(refusedUp === 10, '(f) the sign-in limit is counted across both nodes again', `${refusedUp} of 40 refused with 429`);
    const roundF = await betSeenOnB('(f) after the restart:', '45.67');
    await drawSeenOnB('(f) after the restart:', roundF);
    const logged = Object.fromEntries(
      [
        'redis connection back',
        "rate limits counted in this node's memory while Redis does not answer",
        'rate limits counted in Redis again',
        'sharing presence again',
      ].map((msg) => [msg, [a, b].map((n) => logLines(n, msg).length)]),
    );
    check(
      Object.values(logged).every((counts) => counts.every((n) => n === 1)),
      "(f) each node logged the outage's changes once each",
      logged,
    );

    // (g) Prometheus scrapes both nodes and sees each up, with the bets placed above counted.
    const seen = await prometheusFindings(prometheus, { minBets: 1 });
    check(
      metricsTargets.every((t) => seen.targets[t] === 'up' && seen.up[t] === 1 && seen.redisUp[t] === 1) && seen.nodes.join() === 'node-a,node-b',
      "(g) Prometheus scrapes both nodes' metrics and sees every node up (and Redis up on each)",
      seen,
    );
    check(
      seen.betsAccepted >= 1 && Object.keys(seen.rules).length >= 10 && Object.values(seen.rules).every((h) => h === 'ok'),
      '(g) the bets are counted, every alert rule evaluates',
      {
        bets: seen.betsAccepted,
        rules: seen.rules,
      },
    );

    // (c) Kill the node that drew the last round of the game, mid-round, with bets open on it.
    const victim = byA.has(`${GAME}:${issue}`) ? a : b;
    const survivor = victim === a ? b : a;
    const victimPort = victim === a ? PORTS.a : PORTS.b;
    ({ issue } = await openRound(PORTS.lb, 8));
    const sums = Array.from({ length: 28 }, (_, n) => 100 + n).join(',');
    const bets = await Promise.all([
      api(victimPort, '/api/Lottery/playOrder', { issue, plan_id: plan, game_id: GAME, play_type: sums, money: '10' }, { token: demo.token }),
      api(PORTS.lb, '/api/Lottery/playOrder', { issue, plan_id: plan, game_id: GAME, play_type: '1,2,3,4', money: '10' }, { token: demo.token }),
    ]);
    check(
      bets.every((r) => r.code === 1),
      '(c) bets placed on the node to be killed and through HAProxy',
      bets.map((r) => r.msg),
    );
    const round = (await queryRows<{ draws_at: Date }>(database.db, sql`select draws_at from rounds where game_id = ${GAME} and issue = ${issue}`))[0]!;
    const drawsAt = new Date(round.draws_at).getTime();
    await sleep(Math.max(0, drawsAt - 8_000 - Date.now()));
    victim.child.kill('SIGKILL');
    await victim.exited;
    log(`SIGKILL ${victim.name}, ${((drawsAt - Date.now()) / 1000).toFixed(1)} s before the draw of ${issue}`);
    const after = await api(PORTS.lb, '/api/Lottery/playOrder', { issue, plan_id: plan, game_id: GAME, play_type: '33', money: '10' }, { token: demo.token });
    check(after.code === 1, '(c) a bet through HAProxy right after the kill is served by the other node', after.msg);

    await sleep(Math.max(0, drawsAt + 3_000 - Date.now()));
    const rounds = await queryRows<{ game_id: number; late_ms: number | null }>(
      database.db,
      sql`
      select game_id, (extract(epoch from (drawn_at - draws_at)) * 1000)::int as late_ms from rounds where issue = ${issue}`,
    );
    check(
      rounds.length === 5 && rounds.every((r) => r.late_ms !== null && r.late_ms <= 2500),
      '(c) the other node drew the round on time, in every game',
      rounds.map((r) => `${r.game_id}: ${r.late_ms} ms late`).join(', '),
    );
    check(drawnBy(survivor).has(`${GAME}:${issue}`), `(c) ${survivor.name} drew it`);
    if (failures > 0) {
      const activity = await queryRows(
        database.db,
        sql`
        select pid, state, wait_event_type, wait_event, now() - xact_start as xact_age, left(query, 160) as query
        from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      log('database sessions:', activity);
    }
    const orders = await queryRows<{ n: number; open: number; wins: number; paid: number; double_paid: number }>(
      database.db,
      sql`
      select count(*)::int as n,
             count(*) filter (where o.status = 0)::int as open,
             count(*) filter (where o.payout > 0)::int as wins,
             (select count(*)::int from ledger l join orders x on x.id = l.ref_id and l.ref_type = 'order' and l.type = 3
               join rounds r on r.id = x.round_id where r.issue = ${issue}) as paid,
             (select count(*)::int from (select l.ref_id from ledger l where l.ref_type = 'order' and l.type = 3 group by l.ref_id having count(*) > 1) d) as double_paid
      from orders o join rounds r on r.id = o.round_id where r.issue = ${issue}`,
    );
    const o = orders[0]!;
    check(
      o.n === 33 && o.open === 0 && o.wins >= 1 && o.paid === o.wins && o.double_paid === 0,
      '(c) every order of the round settled once, each win paid exactly once',
      o,
    );
    const discrepancies = await findDiscrepancies(database.db);
    check(discrepancies.length === 0, '(c) the ledger reconciles (no discrepancy)', discrepancies.slice(0, 3));

    // (r) The killed node comes back; then each node in turn is drained (SIGTERM) and started again under
    // load, as an upgrade does: on the compiled server (npm run build:prod).
    execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    const nodes = { a, b };
    const restartNode = async (name: 'a' | 'b') => {
      nodes[name] = startNode(name, dbUrl.toString(), path.join(dataDir, name), true);
      await waitReady(url(PORTS[name]), nodes[name]);
    };
    await restartNode(victim === a ? 'a' : 'b');
    await rollingRestart({
      lbPort: PORTS.lb,
      database,
      gameId: GAME,
      planId: plan,
      nodes: ['a', 'b'],
      stop: async (name) => {
        const node = nodes[name as 'a' | 'b'];
        node.child.kill('SIGTERM');
        await node.exited;
        return node.child.exitCode;
      },
      start: (name) => restartNode(name as 'a' | 'b'),
      check,
      log,
    });

    // (p) pgBackRest: a full backup while bets flow, restored to a scratch cluster (deploy/lib/pgBackrestDrill.ts).
    await pgBackrestDrill({ port: BASE + 5, check, log });
  } finally {
    for (const s of streams) s.close();
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.race([Promise.all(procs.map((p) => p.exited)), sleep(15_000)]);
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    if (failures > 0 || process.env.DEPLOY_TEST_LOGS) for (const p of procs) fs.writeFileSync(path.join(dataDir, `${p.name.replace(' ', '-')}.log`), p.out);
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    if (failures > 0) log(`logs kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => {
    log(failures === 0 ? 'two nodes behind HAProxy: all checks passed' : `${failures} check(s) failed`);
    process.exit(failures === 0 ? 0 : 1);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
