/**
 * The failover bench: the price of RPO 0 and the time a failover takes (issue 38, item 5; the figures are
 * in docs/capacity.md, "PostgreSQL failover"). In one run, in a temporary directory:
 *   1. the single server: one plain PostgreSQL (durable: fsync on, wal_log_hints as the members), two
 *      Lucky28 nodes on it and HAProxy in front;
 *   2. the synchronous cluster (deploy/lib/patroniCluster.ts: etcd, three members under Patroni,
 *      synchronous replication, HAProxy), the same two nodes on it (DATABASE_URL the primary port,
 *      DATABASE_READ_URL the replicas'), up at the same time as the single server;
 *      sustained bets on each from autocannon in its own process (the bench's load generator,
 *      apps/server/bench/procs/loadgen.mjs), each bet with its own Idempotency-Key, the runs taking turns
 *      (single, cluster, single, …) so that the host's other work falls on both: accepted bets per second
 *      on the cluster against the single server, as a ratio, with the replicas' lag sampled meanwhile (the
 *      leader's pg_stat_replication); then the single server is stopped;
 *   3. BENCH_FAILOVER_DRILLS failovers (5) on that cluster, each under the drill's load (a process of its
 *      own, deploy/lib/failoverLoad.ts: 40 new players betting, each withdrawing once and claiming the
 *      day's check-in once) with the write probe (a registration every 250 ms): the leader's Patroni and
 *      PostgreSQL killed with SIGKILL, the time without writes (the kill to the first write served again),
 *      the old leader started again until all three stream, then every acknowledged bet, withdrawal and
 *      claim looked up in the database (lost: must be 0). Replica lag is sampled under this load too.
 * Prints one line per figure (and the load average: the host's other work disturbs the rates), and a
 * summary; exits non-zero when an acknowledged write was lost or doubled, a drill did not recover, or the
 * ledger does not reconcile. Run: `npm run bench:failover`. Ports as the drill's (FAILOVER_* to change):
 * etcd 12379-12380, members 15432-15437, HAProxy 8110-8112, nodes 8113-8114; and the single server's
 * PostgreSQL 15438 (FAILOVER_PG_PORT + 6), its HAProxy 8115 and nodes 8116-8117 (FAILOVER_APP_PORT + 3…5).
 * Settings: BENCH_FAILOVER_DRILLS (5), BENCH_FAILOVER_RUNS (3 bet runs of each set-up),
 * BENCH_FAILOVER_SECONDS (10 s a run), BENCH_FAILOVER_PLAYERS (1,000 betting players a set-up).
 * Everything it started is stopped on the way out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../apps/server/src/db/client.js';
import { findDiscrepancies } from '../apps/server/src/domain/wallet/invariants.js';
import { runLoad, type LoadResult as AutocannonResult } from '../apps/server/bench/lib/processes.js';
import { makeBettingPlayers } from './lib/bettingPlayers.js';
import { drillLog } from './lib/drillLog.js';
import { countAcknowledged, failoverPorts, makeDrillPlayers, ordinaryRoom, startLoad, startNodePair, WriteProbe, type LoadProcess } from './lib/failoverRig.js';
import { PatroniCluster, ReplicationSampler, withClient } from './lib/patroniCluster.js';
import { sleep, startPrivatePostgres, stopAll, type PrivatePostgres, type Proc } from './lib/services.js';

const { PG, APP, PORTS } = failoverPorts();
const NODE_PORTS = { lb: APP, a: APP + 1, b: APP + 2 };
/** The single server's PostgreSQL and its nodes, beside the cluster's: both set-ups run at once, their bet runs taking turns. */
const SINGLE_PG = PG + 6;
const SINGLE_NODE_PORTS = { lb: APP + 3, a: APP + 4, b: APP + 5 };
const GAME = 7;
const DRILLS = Number(process.env.BENCH_FAILOVER_DRILLS ?? 5);
const SECONDS = Number(process.env.BENCH_FAILOVER_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_FAILOVER_RUNS ?? 3);
const BET_PLAYERS = Number(process.env.BENCH_FAILOVER_PLAYERS ?? 1000);
const CONNECTIONS = 32;
const WARMUP_SECONDS = 2;
const DRILL_PLAYERS = 40;
/** The nodes' request limits ×10: the bench's players share one address (HAProxy's) and bet flat out. */
const NODE_ENV = { RATE_LIMIT_FACTOR: '10' };

const drill = drillLog();
const { log, check } = drill;
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);

// ---- sustained bets through the nodes' HAProxy ----------------------------------------------------

/** One of the two set-ups: its nodes' HAProxy, the database they use, its players and room. */
interface Setup {
  label: string;
  lbPort: number;
  database: Database;
  tokens: string[];
  plan: number;
  runs: (AutocannonResult & { perAccepted: number; loadavg: string })[];
}

/** Waits for a round with at least `seconds` of betting left (the heart through HAProxy) and answers its issue. */
async function openRound(lbPort: number, seconds: number): Promise<string> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${lbPort}/api/Lottery/heart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en', game_id: GAME }),
    }).catch(() => undefined);
    const json = (await res?.json().catch(() => undefined)) as
      { code: number; data: { issue: { issue: string; closeTime: number; whether_close: boolean } } } | undefined;
    if (json?.code === 1 && !json.data.issue.whether_close && json.data.issue.closeTime >= seconds) return json.data.issue.issue;
    await sleep(300);
  }
  throw new Error('no round with enough betting time opened');
}

async function prepareSetup(label: string, lbPort: number, database: Database): Promise<Setup> {
  // In batches: makeBettingPlayers opens all its transactions at once, and the pool is small.
  const tokens: string[] = [];
  for (let made = 0; made < BET_PLAYERS; made += 50) {
    const batch = await makeBettingPlayers(database, Math.min(50, BET_PLAYERS - made), `failover bench (${label})`);
    tokens.push(...batch.map((p) => p.token));
  }
  return { label, lbPort, database, tokens, plan: await ordinaryRoom(lbPort, GAME), runs: [] };
}

/** One run of sustained bets: a warm-up, then SECONDS of autocannon (its own process) in one open round. */
async function sustainedBets(setup: Setup): Promise<void> {
  const issue = await openRound(setup.lbPort, WARMUP_SECONDS + SECONDS + 1);
  const job = {
    url: `http://127.0.0.1:${setup.lbPort}`,
    path: '/api/Lottery/playOrder',
    body: JSON.stringify({ lang: 'en', plan_id: setup.plan, game_id: GAME, issue, play_type: '1', money: '10' }),
    connections: CONNECTIONS,
    tokens: setup.tokens,
    countCodes: true,
    idempotencyKeys: true,
  };
  await runLoad({ ...job, seconds: WARMUP_SECONDS });
  const run = await runLoad({ ...job, seconds: SECONDS });
  const perAccepted = run.accepted / run.seconds;
  setup.runs.push({ ...run, perAccepted, loadavg: loadavg() });
  const refused = Object.entries(run.refused)
    .map(([msg, n]) => `${n}× "${msg}"`)
    .join(', ');
  log(
    `${setup.label}, run ${setup.runs.length}: ${fmt(perAccepted)} bets accepted/s (${fmt(run.accepted)} in ${fmt(run.seconds, 1)} s over ${CONNECTIONS} connections, ${setup.tokens.length} players), ` +
      `p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms${refused ? `; refused: ${refused}` : ''}${run.errors + run.timeouts ? `; ${run.errors} errors, ${run.timeouts} timeouts` : ''}; load average ${loadavg()}`,
  );
}

const meanRate = (setup: Setup) => setup.runs.reduce((s, r) => s + r.perAccepted, 0) / Math.max(1, setup.runs.length);

// ---- one failover under the drill's load ---------------------------------------------------------

interface DrillFigures {
  from: string;
  to: string | undefined;
  /** The kill to the first write served again, and the probe's writes refused. */
  rtoMs: number;
  refusedMs: number;
  rejoinMs: number | undefined;
  acknowledged: { bets: number; withdrawals: number; claims: number };
  beforeKill: { withdrawals: number; claims: number };
  lost: number;
  doubled: number;
  /** 5xx other than 503 with Retry-After, and requests never answered. */
  broken: number;
  loadavg: string;
}

async function failover(n: number, cluster: PatroniCluster, database: Database, sampler: ReplicationSampler): Promise<DrillFigures> {
  const plan = await ordinaryRoom(NODE_PORTS.lb, GAME);
  const { players, money } = await makeDrillPlayers(database, DRILL_PLAYERS, `failover bench, drill ${n}`, 12_000);
  const load: LoadProcess = startLoad({ lbPort: NODE_PORTS.lb, gameId: GAME, planId: plan, players, money });
  const probe = new WriteProbe(NODE_PORTS.lb);
  try {
    probe.start();
    sampler.tag('drill load');
    await sleep(6_000);
    const from = (await cluster.leader())!;
    sampler.tag(undefined);
    const tKill = Date.now();
    await cluster.member(from).kill();
    const back = await cluster.until('a write served after the kill', async () => probe.firstOkAfter(tKill + 500), 90_000).catch(() => undefined);
    const rtoMs = back ? back.at - tKill : Infinity;
    const refusedMs = probe.gapAfter(tKill, (back?.at ?? Date.now()) + 1);
    const to = await cluster.leader();
    sampler.tag('drill load');
    await sleep(3_000);
    const tRejoin = Date.now();
    cluster.member(from).start();
    const rejoined = await cluster.until('all three members streaming again', () => cluster.healthy(), 120_000).catch(() => undefined);
    const rejoinMs = rejoined ? Date.now() - tRejoin : undefined;
    await sleep(2_000);
    sampler.tag(undefined);
    const result = await load.result();
    await probe.stop();
    const books = await countAcknowledged(database, result, players, money.campaignId);
    const f = result.figures;
    const m = result.money!.figures;
    const brokenParts = {
      betsOther5xx: f.fiveHundreds - f.unavailable,
      betsOther5xxAnswers: f.otherFailures.map((x) => ({ ...x, at: `+${fmt((x.at - tKill) / 1000, 1)} s` })),
      betsUnresolved: f.unresolved,
      moneyOther5xx: m.fiveHundreds - m.unavailable,
      moneyUnresolved: m.withdrawals.unresolved + m.claims.unresolved,
      probe: probe.broken().map((x) => `${x.status}${x.error ? ` ${x.error}` : ''} at +${fmt((x.sent - tKill) / 1000, 1)} s`),
    };
    const broken = brokenParts.betsOther5xx + brokenParts.betsUnresolved + brokenParts.moneyOther5xx + brokenParts.moneyUnresolved + brokenParts.probe.length;
    const figures: DrillFigures = {
      from,
      to,
      rtoMs,
      refusedMs,
      rejoinMs,
      acknowledged: { bets: books.bets.acknowledged, withdrawals: books.withdrawals.acknowledged, claims: books.claims.acknowledged },
      beforeKill: {
        withdrawals: result.money!.withdrawals.filter((x) => x.at < tKill).length,
        claims: result.money!.claims.filter((x) => x.at < tKill).length,
      },
      lost: books.lost,
      doubled: books.doubled,
      broken,
      loadavg: loadavg(),
    };
    check(
      to !== undefined && to !== from && rtoMs !== Infinity && rejoinMs !== undefined && books.lost === 0 && books.doubled === 0 && broken === 0,
      `drill ${n}: ${from} killed → ${to ?? 'no leader'}: no writes for ${fmt(rtoMs / 1000, 1)} s (probe refused for ${fmt(refusedMs / 1000, 1)} s), ` +
        `${from} streaming again after ${rejoinMs === undefined ? 'never' : `${fmt(rejoinMs / 1000, 1)} s`}; acknowledged ${books.bets.acknowledged} bets, ` +
        `${books.withdrawals.acknowledged} withdrawals (${figures.beforeKill.withdrawals} before the kill), ${books.claims.acknowledged} claims (${figures.beforeKill.claims} before the kill): ` +
        `${books.lost} lost, ${books.doubled} doubled; ${broken} answers neither success nor 503 with Retry-After; load average ${figures.loadavg}`,
      { ...books, broken: brokenParts, refused: { bets: f.refused, withdrawals: m.withdrawals.refused, claims: m.claims.refused } },
    );
    return figures;
  } finally {
    load.child.kill('SIGKILL');
    await probe.stop();
  }
}

// ---- the run ----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const procs: Proc[] = [];
  let single: PrivatePostgres | undefined;
  let cluster: PatroniCluster | undefined;
  let database: Database | undefined;
  let singleDatabase: Database | undefined;
  let sampler: ReplicationSampler | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-failover-bench-'));
  const cleanUp = async () => {
    await sampler?.stop();
    await database?.close().catch(() => {});
    await singleDatabase?.close().catch(() => {});
    await stopAll(procs.splice(0));
    await single?.destroy();
    await cluster?.destroy(false);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const abort = (why: unknown) => {
    drill.fail();
    console.error('failover bench aborted:', why);
    void cleanUp().finally(() => process.exit(1));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort(signal));
  process.once('uncaughtException', abort);
  process.once('unhandledRejection', abort);
  try {
    log(`failover bench: ${os.cpus().length} cores, load average ${loadavg()}`);

    // 1. The single server, and 2. the synchronous cluster, each with two nodes behind HAProxy.
    single = await startPrivatePostgres(SINGLE_PG, '-c fsync=on -c full_page_writes=on -c synchronous_commit=on -c wal_log_hints=on');
    await withClient(single.url('postgres'), (c) => c.query('create database lucky28'));
    const singleProcs: Proc[] = [];
    await startNodePair({ dir: path.join(dir, 'single'), databaseUrl: single.url('lucky28'), ports: SINGLE_NODE_PORTS, procs: singleProcs, env: NODE_ENV });
    procs.push(...singleProcs);
    singleDatabase = await openPostgres(single.url('lucky28'), 3);
    log(`single server up: one PostgreSQL (fsync on) :${SINGLE_PG}, two nodes behind HAProxy :${SINGLE_NODE_PORTS.lb}`);
    cluster = await PatroniCluster.start(PORTS, log);
    await withClient(cluster.primaryUrl('postgres'), (c) => c.query('create database lucky28'));
    await startNodePair({
      dir: path.join(dir, 'cluster'),
      databaseUrl: cluster.primaryUrl('lucky28'),
      readUrl: cluster.replicaUrl('lucky28'),
      ports: NODE_PORTS,
      procs,
      env: NODE_ENV,
    });
    database = await openPostgres(cluster.primaryUrl('lucky28'), 3);
    log(`cluster up: three members under Patroni (synchronous), two nodes behind HAProxy :${NODE_PORTS.lb}`);
    // What each commits with: the same durability, but for the synchronous standby.
    for (const [label, url] of [
      ['single server', single.url('lucky28')],
      ['cluster leader', cluster.primaryUrl('lucky28')],
    ] as const) {
      const settings = await withClient(url, async (c) =>
        (
          await c.query<{ name: string; setting: string }>(
            `select name, setting from pg_settings where name in ('fsync', 'full_page_writes', 'synchronous_commit', 'synchronous_standby_names', 'wal_log_hints', 'data_checksums', 'shared_buffers', 'max_connections') order by name`,
          )
        ).rows.map((r) => `${r.name}=${r.setting || "''"}`),
      );
      log(`${label}: ${settings.join(' ')}`);
    }
    const alone = await prepareSetup('single server', SINGLE_NODE_PORTS.lb, singleDatabase);
    const synced = await prepareSetup('synchronous cluster', NODE_PORTS.lb, database);
    sampler = new ReplicationSampler(cluster.primaryUrl('postgres'));
    // The runs take turns (single, cluster, single, cluster…): a change in the host's other work falls on both.
    for (let i = 0; i < RUNS; i++) {
      await sustainedBets(alone);
      sampler.tag('sustained bets');
      await sustainedBets(synced);
      sampler.tag(undefined);
    }
    const pairRatios = synced.runs.map((r, i) => r.perAccepted / alone.runs[i]!.perAccepted);
    const price = meanRate(synced) / meanRate(alone);
    log(
      `the price of RPO 0: ${fmt(meanRate(synced))} bets/s on the synchronous cluster against ${fmt(meanRate(alone))} on the single server = ${fmt(price, 2)}× ` +
        `(the pairs: ${pairRatios.map((r) => `${fmt(r, 2)}×`).join(', ')}; p99 ${synced.runs.map((r) => r.latency.p99).join(', ')} ms against ${alone.runs.map((r) => r.latency.p99).join(', ')} ms)`,
    );
    const aloneProblems = await findDiscrepancies(singleDatabase.db);
    check(aloneProblems.length === 0, 'single server: the ledger reconciles (findDiscrepancies)', aloneProblems.slice(0, 3));
    // The single server's part is done: stopped, so that it takes nothing from the drills.
    await singleDatabase.close();
    singleDatabase = undefined;
    await stopAll(singleProcs);
    procs.splice(0, procs.length, ...procs.filter((p) => !singleProcs.includes(p)));
    await single.destroy();
    single = undefined;

    // 3. The failovers.
    const drills: DrillFigures[] = [];
    for (let n = 1; n <= DRILLS; n++) {
      await cluster.until('all three members streaming', () => cluster!.healthy(), 120_000);
      drills.push(await failover(n, cluster, database, sampler));
    }
    const problems = await findDiscrepancies(database.db);
    check(problems.length === 0, 'cluster: the ledger reconciles after the drills (findDiscrepancies)', problems.slice(0, 3));

    // The summary.
    const rto = drills.map((d) => d.rtoMs);
    const refused = drills.map((d) => d.refusedMs);
    const lost = drills.reduce((s, d) => s + d.lost, 0);
    const acknowledged = drills.reduce((s, d) => s + d.acknowledged.bets + d.acknowledged.withdrawals + d.acknowledged.claims, 0);
    log('---- figures ----');
    log(
      `sustained bets (${RUNS} runs of ${SECONDS} s each, taking turns, ${CONNECTIONS} connections, through HAProxy to two nodes): single server ${alone.runs.map((r) => fmt(r.perAccepted)).join(', ')} /s, ` +
        `synchronous cluster ${synced.runs.map((r) => fmt(r.perAccepted)).join(', ')} /s: ratio ${fmt(price, 2)}× (the pairs: ${pairRatios.map((r) => `${fmt(r, 2)}×`).join(', ')}); ` +
        `p99 ${synced.runs.map((r) => r.latency.p99).join(', ')} ms against ${alone.runs.map((r) => r.latency.p99).join(', ')} ms`,
    );
    log(
      `failover over ${drills.length} drills: time without writes median ${fmt(median(rto) / 1000, 1)} s, max ${fmt(max(rto) / 1000, 1)} s ` +
        `(per drill ${rto.map((x) => fmt(x / 1000, 1)).join(', ')} s; the probe's writes refused median ${fmt(median(refused) / 1000, 1)} s, max ${fmt(max(refused) / 1000, 1)} s); ` +
        `old leader streaming again median ${fmt(median(drills.map((d) => d.rejoinMs ?? Infinity)) / 1000, 1)} s; acknowledged writes lost ${lost} of ${acknowledged}`,
    );
    for (const label of ['sustained bets', 'drill load']) {
      const s = sampler.samples.filter((x) => x.label === label);
      const sync = s.filter((x) => x.syncState === 'sync');
      const other = s.filter((x) => x.syncState !== 'sync');
      const ms = (xs: typeof s) => xs.map((x) => x.replayMs).filter((x): x is number => x !== null);
      const describe = (xs: typeof s) =>
        xs.length === 0
          ? 'no samples'
          : `replay lag median ${fmt(median(xs.map((x) => x.replayBytes)))} B, max ${fmt(max(xs.map((x) => x.replayBytes)))} B; ` +
            `replay_lag median ${fmt(median(ms(xs)), 1)} ms, max ${fmt(max(ms(xs)), 1)} ms (${xs.length} samples)`;
      log(`replica lag under ${label}: synchronous standby ${describe(sync)}; the other ${describe(other)}`);
    }
    log(`load average at the end ${loadavg()}`);
    check(lost === 0, 'no acknowledged write lost in any drill (RPO 0)', `${lost} of ${acknowledged}`);
  } catch (err) {
    drill.fail();
    throw err;
  } finally {
    await cleanUp();
  }
}

main().then(
  () => {
    log(drill.failures === 0 ? `failover bench: done in ${fmt((Date.now() - drill.started) / 1000)} s` : `failover bench: ${drill.failures} check(s) failed`);
    process.exit(drill.failures === 0 ? 0 : 1);
  },
  (err) => {
    console.error(err);
    log(`failover bench: failed after ${fmt((Date.now() - drill.started) / 1000)} s`);
    process.exit(1);
  },
);
