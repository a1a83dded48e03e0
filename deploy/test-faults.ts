/**
 * The fault suite: two Lucky28 nodes on a private PostgreSQL and a private Redis that this script
 * starts, restarts and stops while players use the nodes, and checks:
 *   (a) an operator's approval (node A), another's rejection (node B) and the player's reversal of one
 *       pending withdrawal, sent together, many rounds: one winner each, never an HTTP 500;
 *   (b) bets flowing while PostgreSQL is restarted (`pg_ctl restart -m fast`) and then stopped for a
 *       few seconds and started again: every answer is 2xx/4xx or 503 with Retry-After, never a 500,
 *       and both nodes take bets again afterwards without being restarted;
 *   (c) Redis stopped and started again while bets and sign-ins flow: never a 500, and afterwards the
 *       rate limits count across the nodes again and presence is shared again;
 *   (d) at the end: every bet a node accepted (its order number) is in the database, every drawn
 *       round's orders settled exactly once, and the ledger reconciles (`findDiscrepancies`).
 * Run: `npm run test:faults` (CI). Needs PostgreSQL's binaries (initdb, pg_ctl; /usr/lib/postgresql/N/bin
 * or PG_BIN), redis-server and Node. Ports: FAULTS_PG_PORT (5440), FAULTS_REDIS_PORT (6380), FAULTS_PORT
 * (8400: node A, and the next one for node B). Prints one line per check; exits non-zero on failure,
 * keeping the logs in a temporary directory (printed).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../apps/server/src/db/client.js';
import { pgArray, queryRows } from '../apps/server/src/db/query.js';
import { findDiscrepancies } from '../apps/server/src/domain/wallet/invariants.js';
import { totpAt } from '../apps/server/src/domain/operators/totp.js';
import { drillLog } from './lib/drillLog.js';
import {
  sleep,
  startPrivatePostgres,
  startPrivateRedis,
  startProc,
  stopAll,
  waitReady,
  type PrivatePostgres,
  type PrivateRedis,
  type Proc,
} from './lib/services.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 5440);
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 6380);
const BASE = Number(process.env.FAULTS_PORT ?? 8400);
const PORTS = { a: BASE, b: BASE + 1 };
const ROUND_SECONDS = 15;
const CLOSE_BEFORE_SECONDS = 3;
const GAME = 7;
const RACE_ROUNDS = 30;
const BETTORS = 6;
const OPERATOR_PASSWORD = `op-${randomBytes(8).toString('hex')}`;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const drill = drillLog();
const { started, log, check } = drill;

// ---- HTTP ---------------------------------------------------------------------------------------

interface Answer {
  status: number;
  code?: number;
  msg?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
  data?: any;
  retryAfter: string | null;
  /** The request never got an answer (connection refused, reset, or no answer in 15 s). */
  error?: string;
}

let ipCounter = 0;
/** A fresh client address for each caller that must not share per-address limits (nodes trust X-Forwarded-For). */
const newIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

async function api(port: number, p: string, body: Record<string, unknown> = {}, opts: { token?: string; ip?: string } = {}): Promise<Answer> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? '203.0.113.9', ...(opts.token ? { token: opts.token } : {}) },
      body: JSON.stringify({ lang: 'en', ...body }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: Partial<Answer> = {};
    try {
      json = JSON.parse(text) as Partial<Answer>;
    } catch {
      /* not JSON: the status tells */
    }
    return { status: res.status, code: json.code, msg: json.msg, data: json.data, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    return { status: 0, retryAfter: null, error: (err as Error).message };
  }
}

async function must(port: number, p: string, body: Record<string, unknown>, opts: { token?: string; ip?: string } = {}): Promise<Answer> {
  const res = await api(port, p, body, opts);
  if (res.code !== 1) throw new Error(`${p}: ${JSON.stringify(res)}`);
  return res;
}

/** What a set of answers says: counts by status, and the ones that break the rule "never a 500". */
class Tally {
  readonly byStatus = new Map<string, number>();
  readonly broken: Answer[] = [];
  readonly refusals = new Map<string, number>();
  add(a: Answer, what: string): void {
    if (a.status === 200 && a.code !== 1) this.refusals.set(a.msg ?? '', (this.refusals.get(a.msg ?? '') ?? 0) + 1);
    const key = a.error
      ? 'no answer'
      : a.status === 503
        ? `503${a.retryAfter ? '+Retry-After' : ' without Retry-After'}`
        : a.status === 200
          ? a.code === 1
            ? '200 ok'
            : '200 refused'
          : String(a.status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    if (a.error || (a.status >= 500 && !(a.status === 503 && a.retryAfter))) this.broken.push({ ...a, msg: `${what}: ${a.msg ?? ''}` });
  }
  get summary(): string {
    const refused = [...this.refusals].map(([m, n]) => `"${m}" ${n}`).join(', ');
    return [...this.byStatus].map(([k, n]) => `${k}: ${n}`).join(', ') + (refused ? ` (refused: ${refused})` : '');
  }
  count(key: string): number {
    return this.byStatus.get(key) ?? 0;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) return undefined;
    await sleep(100);
  }
}

// ---- players and bets ---------------------------------------------------------------------------

interface Player {
  userId: number;
  username: string;
  password: string;
  token: string;
}

async function newPlayer(port: number, admin: string, giftUnits: number): Promise<Player> {
  const username = `f${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const reg = await must(port, '/api/user/register', { username, password, repassword: password }, { ip: newIp() });
  const player = { userId: reg.data.userinfo.user_id as number, username, password, token: reg.data.userinfo.token as string };
  await must(
    port,
    '/api/admin/userGift',
    { id: player.userId, amount: String(giftUnits), wallet: 'money', reason: 'fault suite' },
    { token: admin, ip: newIp() },
  );
  return player;
}

/** Every bet answer of the run, and the order numbers of the accepted ones (checked in (d)). */
const accepted: string[] = [];

async function placeBet(port: number, player: Player, plan: number): Promise<Answer> {
  const heart = await api(port, '/api/Lottery/heart', { game_id: GAME });
  const issue = heart.data?.issue?.issue as string | undefined;
  if (!issue) return heart;
  const res = await api(
    port,
    '/api/Lottery/playOrder',
    { issue, plan_id: plan, game_id: GAME, play_type: String(1 + Math.floor(Math.random() * 4)), money: '10' },
    { token: player.token },
  );
  if (res.code === 1) for (const o of res.data.orders as { order_no: string }[]) accepted.push(o.order_no);
  return res;
}

/**
 * Players betting in turn on both nodes until stopped; each player at most one bet per 400 ms (the
 * per-player bet limit is 30 in 10 s). `lastOk` tells, per node, when it last accepted a bet.
 */
function betLoop(players: Player[], plan: number, tally: Tally) {
  let running = true;
  const lastOk = { [PORTS.a]: 0, [PORTS.b]: 0 } as Record<number, number>;
  const loops = players.map(async (player, i) => {
    let n = i;
    while (running) {
      const port = n++ % 2 === 0 ? PORTS.a : PORTS.b;
      const t0 = Date.now();
      const res = await placeBet(port, player, plan);
      tally.add(res, `bet on :${port}`);
      if (res.code === 1) lastOk[port] = Date.now();
      await sleep(Math.max(0, 400 - (Date.now() - t0)));
    }
  });
  return {
    lastOk,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Waits until both nodes accepted a bet after `since`; answers how long that took, or undefined. */
async function betsAgainOnBoth(lastOk: Record<number, number>, since: number, timeoutMs: number): Promise<number | undefined> {
  const at = await until(
    'bets on both nodes',
    async () => (lastOk[PORTS.a]! > since && lastOk[PORTS.b]! > since ? Math.max(lastOk[PORTS.a]!, lastOk[PORTS.b]!) : undefined),
    timeoutMs,
  );
  return at === undefined ? undefined : at - since;
}

/** Whether a bet placed on node A (of an amount only this check uses) shows in node B's heart feed within 3 s. */
async function betReachesOtherNode(player: Player, plan: number, money: string): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const heart = await api(PORTS.a, '/api/Lottery/heart', { game_id: GAME });
    const issue = heart.data?.issue?.issue as string | undefined;
    const res = issue
      ? await api(PORTS.a, '/api/Lottery/playOrder', { issue, plan_id: plan, game_id: GAME, play_type: '1', money }, { token: player.token })
      : heart;
    if (res.code !== 1) {
      await sleep(1_000);
      continue;
    }
    for (const o of res.data.orders as { order_no: string }[]) accepted.push(o.order_no);
    const seen = await until(
      'the bet on node B',
      async () => {
        const h = await api(PORTS.b, '/api/Lottery/heart', { game_id: GAME, plan_id: plan });
        const feed = (h.data?.message ?? []) as { issue: string; quantity: string }[];
        return feed.some((m) => m.issue === issue && m.quantity === res.data.quantity) ? true : undefined;
      },
      5_000,
    );
    return seen === true;
  }
  return false;
}

// ---- the run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-faults-'));
  const procs: Proc[] = [];
  let postgres: PrivatePostgres | undefined;
  let redis: PrivateRedis | undefined;
  let database: Database | undefined;
  try {
    postgres = await startPrivatePostgres(PG_PORT);
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    await admin.query('create database lucky28');
    await admin.end();
    redis = await startPrivateRedis(REDIS_PORT, workDir);
    log(`private PostgreSQL :${PG_PORT}, private Redis :${REDIS_PORT}, nodes :${PORTS.a} :${PORTS.b}, ${ROUND_SECONDS}-second rounds`);

    const secretKey = randomBytes(32).toString('hex');
    const startNode = (name: 'a' | 'b') => {
      // node itself (not the tsx CLI), so its pid is the server's.
      const proc = startProc(
        `node ${name}`,
        process.execPath,
        ['--import', 'tsx', 'src/server.ts'],
        {
          HOST: '127.0.0.1',
          PORT: String(PORTS[name]),
          DATABASE_URL: postgres!.url('lucky28'),
          REDIS_URL: redis!.url,
          TRUST_PROXY: '1',
          DATA_DIR: path.join(workDir, name),
          ROUND_SECONDS: String(ROUND_SECONDS),
          CLOSE_BEFORE_SECONDS: String(CLOSE_BEFORE_SECONDS),
          DEMO_PASSWORD: `demo-${randomBytes(6).toString('hex')}`,
          OPERATOR_PASSWORD,
          OPERATOR_SECRET_KEY: secretKey,
          LOG_LEVEL: 'warn',
        },
        path.join(ROOT, 'apps/server'),
      );
      procs.push(proc);
      return proc;
    };
    // One after the other: the first migrates and seeds the database.
    const a = startNode('a');
    await waitReady(`http://127.0.0.1:${PORTS.a}`, a);
    const b = startNode('b');
    await waitReady(`http://127.0.0.1:${PORTS.b}`, b);
    const pids = { a: a.child.pid, b: b.child.pid };
    database = await openPostgres(postgres.url('lucky28'), 2);
    log('both nodes are up');

    // The operator (TOTP enrolled, as the console requires) and the room.
    const login = await must(PORTS.a, '/api/admin/login', { username: 'admin', password: OPERATOR_PASSWORD }, { ip: newIp() });
    const operator = login.data.token as string;
    await must(
      PORTS.a,
      '/api/admin/totpEnable',
      { password: OPERATOR_PASSWORD, secret: TOTP_SECRET, otp: totpAt(TOTP_SECRET, Date.now()) },
      { token: operator, ip: newIp() },
    );
    const hall = await must(PORTS.a, '/api/Lottery/index', { game_id: GAME });
    const plan = (hall.data.gameList[0].planList as { id: number; type: number }[]).find((p) => p.type === 0)!.id;

    // (a) The three-way withdrawal race, across the two nodes.
    const racer = await newPlayer(PORTS.a, operator, 10_000);
    await must(PORTS.a, '/api/user/profile', { idcard: '110101199003077774' }, { token: racer.token, ip: newIp() });
    await must(
      PORTS.a,
      '/api/user/setPayInfo',
      { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' },
      { token: racer.token, ip: newIp() },
    );
    await must(PORTS.a, '/api/user/setSafety', { new_code: '123456' }, { token: racer.token, ip: newIp() });
    const race = new Tally();
    const wins = { approve: 0, reject: 0, reverse: 0 };
    let badRounds = 0;
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const asked = await must(
        round % 2 === 0 ? PORTS.a : PORTS.b,
        '/api/user/withdrawAction',
        { type: 0, money: '100', securityCode: '123456' },
        { token: racer.token, ip: newIp() },
      );
      const id = asked.data.id as number;
      const sides = [
        { name: 'approve' as const, send: () => api(PORTS.a, '/api/admin/withdrawApprove', { id }, { token: operator, ip: newIp() }) },
        { name: 'reject' as const, send: () => api(PORTS.b, '/api/admin/withdrawReject', { id, reason: 'fault suite' }, { token: operator, ip: newIp() }) },
        {
          name: 'reverse' as const,
          send: () => api(round % 2 === 0 ? PORTS.b : PORTS.a, '/api/user/withdrawReverse', {}, { token: racer.token, ip: newIp() }),
        },
      ];
      const answers = await Promise.all(
        (round % 3 === 0 ? sides : round % 3 === 1 ? [...sides].reverse() : [sides[2]!, sides[0]!, sides[1]!]).map(async (s) => ({
          name: s.name,
          res: await s.send(),
        })),
      );
      for (const { name, res } of answers) race.add(res, name);
      const winners = answers.filter((x) => x.res.code === 1);
      const losersTold = answers.filter((x) => x.res.code === 0 && /already been processed|no withdrawal awaiting review/.test(x.res.msg ?? ''));
      if (winners.length === 1 && losersTold.length === 2) wins[winners[0]!.name]++;
      else {
        badRounds++;
        if (badRounds <= 3) log(`race round ${round}:`, answers.map((x) => `${x.name} ${x.res.status} ${x.res.code} ${x.res.msg}`).join(' | '));
      }
    }
    check(race.broken.length === 0, `(a) ${RACE_ROUNDS} rounds of approve (A) / reject (B) / reverse: never a 500`, race.summary);
    check(
      badRounds === 0,
      '(a) each round: exactly one winner, the other two told the request is no longer pending',
      `won by approve ${wins.approve}, reject ${wins.reject}, reverse ${wins.reverse}; ${badRounds} round(s) otherwise`,
    );

    // (b) Bets flow while PostgreSQL restarts, then while it is stopped for a few seconds.
    const bettors = await Promise.all(Array.from({ length: BETTORS }, () => newPlayer(PORTS.a, operator, 5_000)));
    const watcher = await newPlayer(PORTS.a, operator, 1_000);
    check(await betReachesOtherNode(watcher, plan, '12.34'), '(b) before any fault, a bet on node A reaches node B within 5 s');
    const flow = new Tally();
    const bets = betLoop(bettors, plan, flow);
    await sleep(3_000);
    let t = Date.now();
    await postgres.restart();
    log(`PostgreSQL restarted (pg_ctl restart -m fast, ${Date.now() - t} ms)`);
    let back = await betsAgainOnBoth(bets.lastOk, Date.now(), 30_000);
    check(
      back !== undefined,
      '(b) after the restart both nodes take bets again, without being restarted',
      back === undefined ? 'not within 30 s' : `${back} ms after PostgreSQL was back`,
    );
    // The stop within one round's betting time, so that a bet during it needs the database.
    await until(
      'a round open for 9 s more',
      async () => {
        const h = await api(PORTS.a, '/api/Lottery/heart', { game_id: GAME });
        return h.code === 1 && !h.data.issue.whether_close && h.data.issue.closeTime >= 9 ? true : undefined;
      },
      (ROUND_SECONDS + 5) * 1000,
    );
    t = Date.now();
    await postgres.stop();
    log('PostgreSQL stopped (pg_ctl stop -m fast)');
    await sleep(3_000);
    const during = new Tally();
    for (const port of [PORTS.a, PORTS.b, PORTS.a, PORTS.b]) {
      const res = await placeBet(port, bettors[0]!, plan);
      during.add(res, `bet on :${port} while stopped`);
      if (res.status !== 503) log(`     bet on :${port} while PostgreSQL is stopped: ${res.status} ${res.msg}`);
    }
    await sleep(Math.max(0, t + 5_000 - Date.now()));
    await postgres.start();
    log(`PostgreSQL started again after ${((Date.now() - t) / 1000).toFixed(1)} s away`);
    back = await betsAgainOnBoth(bets.lastOk, Date.now(), 30_000);
    check(
      back !== undefined,
      '(b) after the stop and start both nodes take bets again, without being restarted',
      back === undefined ? 'not within 30 s' : `${back} ms after PostgreSQL was back`,
    );
    await sleep(3_000);
    await bets.stop();
    check(during.count('503+Retry-After') === 4, '(b) a bet while PostgreSQL is away is refused with 503 and Retry-After', during.summary);
    check(flow.broken.length === 0, '(b) every bet answer during the restarts: 2xx/4xx or 503 with Retry-After, never a 500', flow.summary);
    for (const x of flow.broken.slice(0, 5)) log('     ', x);
    check(a.alive && b.alive && a.child.pid === pids.a && b.child.pid === pids.b, '(b) both node processes are the ones started at the beginning');
    check(
      await betReachesOtherNode(watcher, plan, '12.35'),
      '(b) after the PostgreSQL restarts, a bet on node A reaches node B within 5 s (its LISTEN connection re-opened)',
    );

    // (c) Redis stopped and started again while bets and sign-ins flow.
    const busy = new Tally();
    const bets2 = betLoop(bettors, plan, busy);
    let signing = true;
    const signIns = (async () => {
      let n = 0;
      while (signing) {
        const p = bettors[n % bettors.length]!;
        busy.add(await api(n++ % 2 === 0 ? PORTS.a : PORTS.b, '/api/user/login', { account: p.username, password: p.password }, { ip: newIp() }), 'sign-in');
        await sleep(150);
      }
    })();
    await sleep(2_000);
    await redis.stop();
    log('Redis stopped');
    await sleep(4_000);
    await redis.start();
    log('Redis started again');
    await sleep(4_000);
    signing = false;
    await Promise.all([signIns, bets2.stop()]);
    check(busy.broken.length === 0, '(c) every bet and sign-in answer while Redis was away and back: never a 500', busy.summary);
    for (const x of busy.broken.slice(0, 5)) log('     ', x);
    // Rate limits count across nodes again: 35 failed sign-ins from one address, alternating nodes,
    // meet the limit of 30 once.
    const flood = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push(
        (await api(i % 2 === 0 ? PORTS.a : PORTS.b, '/api/user/login', { account: `nobody${i}`, password: 'wrong-password-1' }, { ip: flood })).status,
      );
    const limited = statuses.filter((s) => s === 429).length;
    check(limited === 5, '(c) after Redis is back, the sign-in limit counts across both nodes again', `${limited} of 35 refused with 429`);
    // Presence is shared again: a viewer on each node, both nodes count both.
    const viewers = bettors.slice(0, 2);
    const counts = await until(
      'presence shared',
      async () => {
        await Promise.all(viewers.map((v, i) => api(i === 0 ? PORTS.a : PORTS.b, '/api/Lottery/heart', { plan_id: plan, game_id: GAME }, { token: v.token })));
        const [ca, cb] = await Promise.all(
          [PORTS.a, PORTS.b].map(async (p) => (await api(p, '/api/Lottery/heart', { plan_id: plan, game_id: GAME })).data?.robot_num as number),
        );
        return ca !== undefined && ca === cb && ca >= viewers.length ? [ca, cb] : undefined;
      },
      8_000,
    );
    check(counts !== undefined, '(c) after Redis is back, presence is shared: both nodes count the viewers of both', counts ?? 'the counts differ');

    // (d) The books: every accepted bet stored, every drawn round settled once, reconciliation clean.
    const lastDraw = await queryRows<{ t: Date }>(database.db, sql`select max(draws_at) as t from rounds where draws_at <= now()`);
    const due = new Date(lastDraw[0]!.t).getTime();
    const drawnAll = await until(
      'every due round drawn',
      async () => {
        const [r] = await queryRows<{ n: number }>(
          database!.db,
          sql`select count(*)::int as n from rounds where drawn_at is null and draws_at <= ${new Date(due).toISOString()}`,
        );
        return r!.n === 0 ? true : undefined;
      },
      10_000,
    );
    check(drawnAll === true, '(d) every round due has been drawn (the schedulers recovered)');
    const stored = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where order_no = any(${pgArray(accepted)}::text[])`);
    check(
      accepted.length > 0 && stored[0]!.n === accepted.length,
      '(d) every bet a node accepted is in the database',
      `${stored[0]!.n} of ${accepted.length} order numbers found`,
    );
    const [books] = await queryRows<{ open_drawn: number; paid_twice: number; settled: number }>(
      database.db,
      sql`
      select
        (select count(*)::int from orders o join rounds r on r.id = o.round_id where r.drawn_at is not null and o.status = 0) as open_drawn,
        (select count(*)::int from (select ref_id from ledger where ref_type = 'order' and type = 3 group by ref_id having count(*) > 1) d) as paid_twice,
        (select count(*)::int from orders where status = 1) as settled`,
    );
    check(books!.open_drawn === 0 && books!.paid_twice === 0, '(d) every order of a drawn round settled, none paid twice', books);
    const problems = await findDiscrepancies(database.db);
    check(problems.length === 0, '(d) reconciliation is clean (findDiscrepancies)', problems.slice(0, 3));
  } catch (err) {
    drill.fail();
    throw err;
  } finally {
    const keep = drill.failures > 0 || process.env.FAULTS_KEEP_LOGS;
    if (keep) {
      for (const p of procs) fs.writeFileSync(path.join(workDir, `${p.name.replace(' ', '-')}.log`), p.out);
      if (postgres) fs.writeFileSync(path.join(workDir, 'postgres.log'), postgres.log());
    }
    await database?.close().catch(() => {});
    await stopAll(procs);
    await redis?.destroy().catch(() => {});
    await postgres?.destroy().catch(() => {});
    if (keep) log(`logs kept in ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => {
    log(
      drill.failures === 0
        ? `fault suite: all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`
        : `fault suite: ${drill.failures} check(s) failed`,
    );
    process.exit(drill.failures === 0 ? 0 : 1);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
