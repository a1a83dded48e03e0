/**
 * The failover drill: lose the database host under load and lose nothing (docs/operations.md,
 * "PostgreSQL failover"). This script starts, in a temporary directory, etcd, three PostgreSQL members
 * under Patroni (synchronous replication, deploy/patroni/patroni.yml), HAProxy in front of them
 * (deploy/patroni/haproxy-postgres.cfg: a primary port, a replica port), two Lucky28 nodes on them
 * (DATABASE_URL the primary port, DATABASE_READ_URL the replica port) and HAProxy in front of the nodes
 * (deploy/haproxy.cfg); the nodes, players, load process and probe from deploy/lib/failoverRig.ts. Players
 * bet from another process (deploy/lib/failoverLoad.ts), each also sending one withdrawal and one claim of
 * the day's check-in over the first 12 s, and a probe registers a player every quarter of a second, while
 * the drill:
 *   (f) kills the primary's Patroni and PostgreSQL with SIGKILL: a standby takes over by itself, the nodes
 *       follow through HAProxy without being restarted; the gap is measured;
 *   (r) starts the old primary again: Patroni rewinds it if needed (pg_rewind) and it follows the new leader;
 *   (s) switches the leader over as planned (`patronictl switchover --force`);
 * and checks: no answer a 500 (only 503 with Retry-After, and only during the gaps), every bet answered as
 * placed is in the database once, every withdrawal and claim answered as done is there once (some of each
 * answered before the kill), every drawn round settled, and the ledger reconciles (findDiscrepancies). Five
 * failovers in a row, with figures, are the bench's: deploy/bench-failover.ts.
 * Run: `npm run test:failover` (CI). Needs patroni (3.0), etcd (3.4), haproxy and PostgreSQL's binaries.
 * Ports (FAILOVER_* to change): etcd 12379-12380, members 15432-15434 with their REST APIs on
 * 15435-15437, the database's HAProxy 8110 (primary) and 8111 (replicas), the nodes' HAProxy 8112, the
 * nodes 8113-8114. Prints one line per check and the measured gaps; exits non-zero on failure, keeping
 * the logs in the temporary directory (printed; FAILOVER_KEEP_LOGS=1 keeps them on success too). Everything
 * it started is stopped on the way out.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../apps/server/src/db/client.js';
import { queryRows } from '../apps/server/src/db/query.js';
import { findDiscrepancies } from '../apps/server/src/domain/wallet/invariants.js';
import { countAcknowledged, failoverPorts, makeDrillPlayers, ordinaryRoom, startLoad, startNodePair, WriteProbe, type LoadProcess } from './lib/failoverRig.js';
import { PatroniCluster, withClient } from './lib/patroniCluster.js';
import { sleep, stopAll, type Proc } from './lib/services.js';
import { drillLog } from './lib/drillLog.js';

const { APP, PORTS } = failoverPorts();
const LB = APP;
const NODES = { a: APP + 1, b: APP + 2 };
const GAME = 7;
const PLAYERS = 40;
/** How long the service may be away after the primary is lost, and after a planned switchover. */
const FAILOVER_BUDGET_MS = 30_000;
const SWITCHOVER_BUDGET_MS = 15_000;
/** A 503 a little after the service is back (a request that met the gap and was answered late) still belongs to it. */
const GAP_SLACK_MS = 3_000;
const drill = drillLog();
const { started, log, check } = drill;

// ---- the run ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const procs: Proc[] = [];
  let cluster: PatroniCluster | undefined;
  let database: Database | undefined;
  let load: LoadProcess | undefined;
  const cleanUp = async () => {
    const keep = drill.failures > 0 || Boolean(process.env.FAILOVER_KEEP_LOGS);
    load?.child.kill('SIGKILL');
    await database?.close().catch(() => {});
    await stopAll(procs);
    if (cluster && keep) {
      cluster.saveLogs(cluster.dir);
      for (const p of procs) fs.writeFileSync(path.join(cluster.dir, `${p.name.replace(/[^a-z0-9]+/gi, '-')}.log`), p.out);
      log(`logs kept in ${cluster.dir}`);
    }
    await cluster?.destroy(keep);
  };
  // Ctrl-C, a CI timeout or a crash: still stop everything.
  const abort = (why: unknown) => {
    drill.fail();
    console.error('failover drill aborted:', why);
    void cleanUp().finally(() => process.exit(1));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abort(signal));
  process.once('uncaughtException', abort);
  process.once('unhandledRejection', abort);
  try {
    cluster = await PatroniCluster.start(PORTS, log);
    await withClient(cluster.primaryUrl('postgres'), (c) => c.query('create database lucky28'));

    const { a, b, pids } = await startNodePair({
      dir: cluster.dir,
      databaseUrl: cluster.primaryUrl('lucky28'),
      readUrl: cluster.replicaUrl('lucky28'),
      ports: { lb: LB, ...NODES },
      procs,
    });
    // The drill's own look at the books, through the primary port like the nodes.
    database = await openPostgres(cluster.primaryUrl('lucky28'), 3);
    const plan = await ordinaryRoom(LB, GAME);
    // Each player also withdraws once and claims the day's check-in once, over the first 12 s: some before the kill (at 6 s), some in the gap.
    const { players, money } = await makeDrillPlayers(database, PLAYERS, 'failover drill', 12_000);
    log(`two nodes up on the cluster (primary :${PORTS.primary}, replicas :${PORTS.replica}), ${PLAYERS} players`);

    load = startLoad({ lbPort: LB, gameId: GAME, planId: plan, players, money });
    const probe = new WriteProbe(LB);
    probe.start();
    await sleep(6_000);

    // (f) The primary's host lost.
    const first = (await cluster.leader())!;
    const tKill = Date.now();
    await cluster.member(first).kill();
    log(`(f) killed ${first} (Patroni and PostgreSQL, SIGKILL) under load`);
    const back = await cluster
      .until('a write served after the kill', async () => probe.firstOkAfter(tKill + 500), FAILOVER_BUDGET_MS + 30_000)
      .catch(() => undefined);
    const newLeader = await cluster.leader();
    const failoverBackMs = back ? back.at - tKill : Infinity;
    check(newLeader !== undefined && newLeader !== first, '(f) a standby took over by itself (Patroni)', `leader now ${newLeader}`);
    check(
      failoverBackMs <= FAILOVER_BUDGET_MS,
      `(f) writes served again within ${FAILOVER_BUDGET_MS / 1000} s of the kill, the nodes not restarted`,
      `back after ${(failoverBackMs / 1000).toFixed(1)} s`,
    );
    const failoverGap = probe.gapAfter(tKill, (back?.at ?? Date.now()) + 1);
    const failoverWindow = { from: tKill, to: (back?.at ?? Date.now()) + GAP_SLACK_MS };
    await sleep(4_000);

    // (r) The old primary back.
    const tRejoin = Date.now();
    cluster.member(first).start();
    const rejoined = await cluster.until('all three members streaming again', () => cluster!.healthy(), 90_000).catch(() => undefined);
    const rewound = /running pg_rewind from/.test(cluster.member(first).output());
    const role = rejoined?.find((m) => m.name === first)?.role;
    check(
      rejoined !== undefined && role !== 'leader',
      `(r) ${first} started again follows the new leader (${newLeader})`,
      rejoined
        ? `${first} is ${role} after ${((Date.now() - tRejoin) / 1000).toFixed(1)} s, ${rewound ? 'rewound with pg_rewind' : 'no rewind needed'}`
        : 'not streaming',
    );
    // It follows: a write on the primary is readable on it directly.
    const marker = randomBytes(6).toString('hex');
    await withClient(cluster.primaryUrl('postgres'), async (c) => {
      await c.query('create table if not exists drill_marker (v text)');
      await c.query('insert into drill_marker values ($1)', [marker]);
    });
    const seen = await cluster
      .until(
        `the marker on ${first}`,
        () =>
          withClient(`postgres://postgres@127.0.0.1:${cluster!.member(first).pgPort}/postgres`, async (c) => {
            const { rows } = await c.query<{ n: number; recovery: boolean }>(
              'select count(*)::int as n, pg_is_in_recovery() as recovery from drill_marker where v = $1',
              [marker],
            );
            return rows[0]!.n === 1 ? rows[0]!.recovery : undefined;
          }),
        15_000,
      )
      .catch(() => undefined);
    check(seen === true, `(r) a row written on the new leader reaches ${first} (a standby, in recovery)`);

    // (s) A planned switchover to the synchronous standby.
    await sleep(3_000);
    const current = (await cluster.leader())!;
    const candidate = (await cluster.state())!.find((m) => m.role === 'sync_standby')!.name;
    const tSwitch = Date.now();
    await cluster.patronictl(['switchover', '--leader', current, '--candidate', candidate, '--force']);
    await cluster.until(`${candidate} leading`, async () => ((await cluster!.leader()) === candidate ? true : undefined), 60_000);
    const switched = await cluster
      .until('a write served after the switchover', async () => probe.firstOkAfter(Date.now() - 100), SWITCHOVER_BUDGET_MS + 30_000)
      .catch(() => undefined);
    const switchGap = probe.gapAfter(tSwitch, (switched?.at ?? Date.now()) + 1);
    check(
      switched !== undefined && switchGap <= SWITCHOVER_BUDGET_MS,
      `(s) patronictl switchover ${current} → ${candidate}: writes served again within ${SWITCHOVER_BUDGET_MS / 1000} s`,
      `writes refused for ${(switchGap / 1000).toFixed(1)} s`,
    );
    const switchWindow = { from: tSwitch, to: (switched?.at ?? Date.now()) + GAP_SLACK_MS };
    const settled = await cluster.until('the old leader streaming again', () => cluster!.healthy(), 60_000).catch(() => undefined);
    check(
      settled !== undefined,
      `(s) ${current} follows ${candidate} after the switchover`,
      settled?.map((m) => `${m.name} ${m.role}`).join(', ') ?? 'not streaming',
    );
    await sleep(4_000);

    // The books.
    const result = await load.result();
    await probe.stop();
    const f = result.figures;
    const m = result.money!.figures;
    log('load figures:', f, m);
    const inGap = (t: number) => [failoverWindow, switchWindow].some((w) => t >= w.from && t <= w.to);
    const probeBroken = probe.broken();
    const probe503 = probe.answers.filter((x) => x.status === 503);
    check(
      f.fiveHundreds === f.unavailable && m.fiveHundreds === m.unavailable && probeBroken.length === 0,
      '(b) no 500 and no unanswered request: every failure was 503 with Retry-After',
      `bets: ${f.fiveHundreds - f.unavailable} other 5xx of ${f.requests}; withdrawals and claims: ${m.fiveHundreds - m.unavailable} of ${m.requests}; ` +
        `probe: ${probeBroken.length} broken (${probeBroken
          .slice(0, 3)
          .map((x) => `${x.status} ${x.error ?? ''}`)
          .join('; ')})`,
    );
    const outside = [...result.unavailableTimes, ...probe503.map((x) => x.at)].filter((t) => !inGap(t));
    check(
      outside.length === 0,
      '(b) the 503s came only during the failover and the switchover',
      `${result.unavailableTimes.length + probe503.length} 503s, ${outside.length} outside the gaps`,
    );
    check(
      f.accepted > 0 && f.unresolved === 0 && m.withdrawals.unresolved === 0 && m.claims.unresolved === 0,
      '(b) every bet, withdrawal and claim was answered in the end (sent again on its Idempotency-Key)',
      `${f.accepted} bets accepted, ${f.unresolved} unresolved; withdrawals ${JSON.stringify(m.withdrawals)}; claims ${JSON.stringify(m.claims)}`,
    );
    const books1 = await countAcknowledged(database, result, players, money.campaignId);
    check(
      books1.bets.found === books1.bets.acknowledged && books1.bets.stored === books1.bets.acknowledged && books1.bets.doubled === 0,
      '(b) no acknowledged bet lost, none doubled: every order answered as placed is in the database, and no other',
      `${books1.bets.acknowledged} orders answered, ${books1.bets.found} of them found, ${books1.bets.stored} orders of the players stored`,
    );
    const beforeKill = (list: { at: number }[]) => list.filter((x) => x.at < tKill).length;
    check(
      books1.withdrawals.acknowledged > 0 &&
        beforeKill(result.money!.withdrawals) > 0 &&
        books1.withdrawals.found === books1.withdrawals.acknowledged &&
        books1.withdrawals.doubled === 0,
      '(b) no acknowledged withdrawal lost, none doubled: every withdrawal answered as requested is in the database, once a player',
      `${books1.withdrawals.acknowledged} answered (${beforeKill(result.money!.withdrawals)} before the kill), ${books1.withdrawals.found} found, ${books1.withdrawals.stored} stored`,
    );
    check(
      books1.claims.acknowledged > 0 &&
        beforeKill(result.money!.claims) > 0 &&
        books1.claims.found === books1.claims.acknowledged &&
        books1.claims.doubled === 0,
      '(b) no acknowledged claim lost, none doubled: every check-in answered as paid is in the database, paid once',
      `${books1.claims.acknowledged} answered (${beforeKill(result.money!.claims)} before the kill), ${books1.claims.found} found, ${books1.claims.stored} stored`,
    );
    const due = await cluster
      .until(
        'every due round drawn',
        async () => {
          const [r] = await queryRows<{ n: number }>(
            database!.db,
            sql`select count(*)::int as n from rounds where drawn_at is null and draws_at <= now() - interval '3 seconds'`,
          );
          return r!.n === 0 ? true : undefined;
        },
        20_000,
      )
      .catch(() => undefined);
    const [books] = await queryRows<{ open_drawn: number; paid_twice: number }>(
      database.db,
      sql`select
        (select count(*)::int from orders o join rounds r on r.id = o.round_id where r.drawn_at is not null and o.status = 0) as open_drawn,
        (select count(*)::int from (select ref_id from ledger where ref_type = 'order' and type = 3 group by ref_id having count(*) > 1) d) as paid_twice`,
    );
    check(due === true && books!.open_drawn === 0 && books!.paid_twice === 0, '(b) every due round drawn, its orders settled once', books);
    const problems = await findDiscrepancies(database.db);
    check(problems.length === 0, '(b) the ledger reconciles (findDiscrepancies)', problems.slice(0, 3));
    // The lag-tolerant reads (DATABASE_READ_URL: HAProxy's replica port) served after both changes of leader.
    const fair = await Promise.all(
      [NODES.a, NODES.b].map(async (p) => (await fetch(`http://127.0.0.1:${p}/api/fair/chain?game_id=${GAME}&lang=en`)).json() as Promise<{ code: number }>),
    );
    check(
      fair.every((x) => x.code === 1),
      '(b) both nodes serve the fairness reads from the replicas after the failover and the switchover',
    );
    check(a.alive && b.alive && a.child.pid === pids.a && b.child.pid === pids.b, '(b) both node processes are the ones started at the beginning');

    log(
      `failover gap: writes refused for ${(failoverGap / 1000).toFixed(1)} s, served again ${(failoverBackMs / 1000).toFixed(1)} s after the kill; ` +
        `switchover gap: ${(switchGap / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    drill.fail();
    throw err;
  } finally {
    await cleanUp();
  }
}

main().then(
  () => {
    log(
      drill.failures === 0
        ? `failover drill: all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`
        : `failover drill: ${drill.failures} check(s) failed`,
    );
    process.exit(drill.failures === 0 ? 0 : 1);
  },
  (err) => {
    console.error(err);
    log(`failover drill: failed after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exit(1);
  },
);
