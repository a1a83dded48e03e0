/**
 * `npm run bench`: the budgets of docs/design.md#performance-budgets, each a ratio measured in this one run (never a timed
 * test assertion), printed with its budget; exits non-zero when one is missed.
 *
 * Measured from outside: the server under test (the real src/server.ts) and the bare Fastify
 * baseline each run as their own process, loaded by autocannon in a third. On PostgreSQL when
 * DATABASE_URL is set (scratch databases on that server, dropped at the end; pgbench in the same
 * run), and on PGlite in every case. One file per measurement in measure/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/query.js';
import { seedDemoContent } from '../src/seed/demo.js';
import { scratchPglite, scratchPostgres, type BenchDatabase } from './lib/database.js';
import { createFundedPlayers } from './lib/players.js';
import { startServer } from './lib/processes.js';
import { fmt, Report } from './lib/report.js';
import { measureBets, reportBetProfile, verifyBets, waitForDraw } from './measure/bets.js';
import { enrolledAdminToken, measureCap } from './measure/cap.js';
import { measureBundle } from './measure/bundle.js';
import { measureChat } from './measure/chat.js';
import { measureClosingRush } from './measure/closingRush.js';
import { measureConsole } from './measure/console.js';
import { floodRun, reportFlood } from './measure/flood.js';
import { measureHeart } from './measure/heart.js';
import { measureSettlement } from './measure/settlement.js';
import { measureProductionStart } from './measure/productionStart.js';
import { benchStream } from './stream.js';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL || undefined;
const PLAYERS = Number(env.BENCH_PLAYERS ?? 2000);
const BET_SECONDS = Number(env.BENCH_BET_SECONDS ?? 10);
const HEART_SECONDS = Number(env.BENCH_SECONDS ?? 2);
const HEART_PAIRS = Number(env.BENCH_PAIRS ?? 5);
const ORDERS = Number(env.BENCH_ORDERS ?? 100_000);
const FLOOD_SECONDS = Number(env.BENCH_FLOOD_SECONDS ?? 10);
const CONSOLE_PLAYERS = Number(env.BENCH_CONSOLE_PLAYERS ?? 10_000);
const CONSOLE_ORDERS = Number(env.BENCH_CONSOLE_ORDERS ?? 1_000_000);
const CONSOLE_LOADS = Number(env.BENCH_CONSOLE_LOADS ?? 5);
const RUSH_PLAYERS = Number(env.BENCH_RUSH_PLAYERS ?? 10_000);
const CAP_PAIRS = Number(env.BENCH_CAP_PAIRS ?? 3);
const CAP_SECONDS = Number(env.BENCH_CAP_SECONDS ?? 5);
const PORT = Number(env.BENCH_PORT ?? 8300);
const GAME_ID = 7;
/**
 * For profiling one part: BENCH_ONLY=postgres, the server on PostgreSQL alone (bets, draw, heart,
 * ledger); =bets, without the heart; =heart, only the heart at the default configuration; =stream,
 * only the live viewers (bench/stream.ts: as many as the node's cap, on PGlite; with DATABASE_URL also
 * split over two nodes behind HAProxy); =flood, one
 * caller flooding reads; =console, the console's screens on a month of history (PGlite, and
 * PostgreSQL with DATABASE_URL); =start, the compiled server's first start and restart (PGlite, and
 * PostgreSQL with DATABASE_URL); =chat, the room chat's speed (measure/chat.ts).
 */
const ONLY = env.BENCH_ONLY;
const HEART_ONLY = ONLY === 'heart';
const STREAM_ONLY = ONLY === 'stream';
const CAP_ONLY = ONLY === 'cap';
const PG_ONLY = ONLY === 'postgres' || ONLY === 'bets' || CAP_ONLY;
const FLOOD_ONLY = ONLY === 'flood';
const CONSOLE_ONLY = ONLY === 'console';
const RUSH_ONLY = ONLY === 'rush';
const SETTLE_ONLY = ONLY === 'settlement';
const START_ONLY = ONLY === 'start';
const CHAT_ONLY = ONLY === 'chat';
const PASSWORDS = { demoPassword: 'bench-demo-password', operatorPassword: 'bench-operator-password' };
const passwordEnv = { DEMO_PASSWORD: PASSWORDS.demoPassword, OPERATOR_PASSWORD: PASSWORDS.operatorPassword };

const report = new Report();

/**
 * A bench database ready for a server: migrated, the demo content, `count` players funded through
 * approved deposits, and the first normal room of the benched game.
 */
async function fundedRoom(database: BenchDatabase, count: number) {
  const dataDir = database.serverEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bench-data-'));
  const started = performance.now();
  const setup = await database.open();
  await setup.migrate();
  await seedDemoContent(setup.db, PASSWORDS);
  const players = await createFundedPlayers(setup, count, 10_000_00);
  const [room] = await queryRows<{ id: number }>(setup.db, sql`select id from rooms where game_id = ${GAME_ID} and type = 0 order by id limit 1`);
  const operatorToken = await enrolledAdminToken(setup.db);
  await setup.close();
  return { dataDir, players, roomId: Number(room!.id), operatorToken, seconds: (performance.now() - started) / 1000 };
}

/** The server under test on one kind of database: bets (and pgbench), the draw, the heart, the ledger. */
async function benchServer(database: BenchDatabase, opts: { label: string; port: number; heart: boolean; cap?: boolean }) {
  const { label } = opts;
  const { dataDir, players, roomId, operatorToken, seconds } = await fundedRoom(database, PLAYERS);
  report.info(`${label} set-up`, `${PLAYERS} players funded through approved deposits in ${seconds.toFixed(1)} s`);

  // Short rounds, so that a round with enough betting time and its draw come within seconds.
  const server = await startServer(opts.port, {
    ...database.serverEnv,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ROUND_SECONDS: '20',
    CLOSE_BEFORE_SECONDS: '2',
    DEMO_PASSWORD: PASSWORDS.demoPassword,
    OPERATOR_PASSWORD: PASSWORDS.operatorPassword,
    METRICS_PORT: String(opts.port + 20),
    RECONCILE_MINUTES: '0',
  });
  const databaseUrl = database.serverEnv.DATABASE_URL;
  const ctx = {
    report,
    label,
    serverUrl: server.url,
    server,
    pgbenchUrl: database.kind === 'postgres' ? ADMIN_URL : undefined,
    tokens: players.map((p) => p.token),
    gameId: GAME_ID,
    roomId,
    seconds: BET_SECONDS,
    metricsUrl: `http://127.0.0.1:${opts.port + 20}`,
    postgres: ADMIN_URL && databaseUrl ? { adminUrl: ADMIN_URL, database: new URL(databaseUrl).pathname.slice(1) } : undefined,
    bare: { port: PORT + 10, logLevel: 'warn' },
  };
  let outcome;
  try {
    if (!CAP_ONLY) outcome = await measureBets(ctx);
    const capped = opts.cap || CAP_ONLY ? await measureCap({ ...ctx, operatorToken, pairs: CAP_PAIRS, seconds: CAP_SECONDS }) : undefined;
    // BENCH_ONLY=cap: the ledger checked after the draw of the round its last run bet in.
    outcome ??= { ...capped!, window: { fromUs: 0, toUs: 0, accepted: 0 } };
    await waitForDraw(ctx, outcome.issue);
    if (opts.heart) {
      await measureHeart({
        report,
        label,
        serverUrl: server.url,
        server,
        barePort: PORT + 10,
        roomId: ctx.roomId,
        gameId: GAME_ID,
        seconds: HEART_SECONDS,
        pairs: HEART_PAIRS,
      });
    }
  } catch (err) {
    console.error(`server output:\n${server.output()}`);
    throw err;
  } finally {
    await server.stop();
  }
  const profileDir = /--cpu-prof-dir=(\S+)/.exec(env.BENCH_SERVER_NODE_ARGS ?? '')?.[1];
  if (profileDir && !CAP_ONLY) reportBetProfile(ctx, profileDir, server.process.pid!, outcome);
  const check = await database.open();
  try {
    await verifyBets(check.db, ctx, outcome);
  } finally {
    await check.close();
  }
  if (!database.serverEnv.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The closing rush on one kind of database: RUSH_PLAYERS funded players, each from its own address,
 * one bet each in the last 3 s before the close; then the draw and the ledger.
 */
async function benchRush(database: BenchDatabase, opts: { label: string; port: number }) {
  const { label } = opts;
  const { dataDir, players, roomId, seconds } = await fundedRoom(database, RUSH_PLAYERS);
  report.info(`${label} rush set-up`, `${fmt(RUSH_PLAYERS)} players funded through approved deposits in ${seconds.toFixed(1)} s`);
  // Short rounds (20 s, betting closing 2 s before the draw) so that the close and the draw come within seconds;
  // production's request limits (RATE_LIMIT_FACTOR 1): each player bets once, from its own address.
  const rounds = { roundSeconds: 20, closeBeforeSeconds: 2, timeZone: loadConfig({}).timeZone };
  const server = await startServer(opts.port, {
    ...database.serverEnv,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1',
    ROUND_SECONDS: String(rounds.roundSeconds),
    CLOSE_BEFORE_SECONDS: String(rounds.closeBeforeSeconds),
    TIME_ZONE: rounds.timeZone,
    ...passwordEnv,
  });
  const ctx = {
    report,
    label,
    server,
    serverUrl: server.url,
    tokens: players.map((p) => p.token),
    gameId: GAME_ID,
    roomId,
    rounds,
    pgbenchUrl: undefined,
    seconds: 0,
  };
  let outcome;
  try {
    outcome = await measureClosingRush(ctx);
    await waitForDraw(ctx, outcome.issue);
  } catch (err) {
    console.error(`server output:\n${server.output()}`);
    throw err;
  } finally {
    await server.stop();
  }
  const check = await database.open();
  try {
    await verifyBets(check.db, { ...ctx, label: `${label} closing rush:` }, outcome);
  } finally {
    await check.close();
  }
  if (!database.serverEnv.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}

async function benchSettlement(database: BenchDatabase, label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bench-data-'));
  try {
    const db = await database.open();
    await db.migrate();
    await measureSettlement({ report, label, database: db, orders: ORDERS, dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The heart at the default configuration: the server as `npm start` runs it — no LOG_LEVEL (the
 * default, info), default rounds and limits — with one room's feed filled by real bets (3 players, 20
 * each over HTTP), then measure/heart.ts against the bare process.
 */
async function benchHeart(database: BenchDatabase, label: string, port: number) {
  const { dataDir, players, roomId } = await fundedRoom(database, 3);
  const serverEnv: Record<string, string> = { ...database.serverEnv, DATA_DIR: dataDir, ...passwordEnv };
  // Whatever the bench itself runs with: the server gets the default of each.
  const inherited = ['LOG_LEVEL', 'ROUND_SECONDS', 'CLOSE_BEFORE_SECONDS', 'RATE_LIMIT_FACTOR', 'TRUST_PROXY', 'STREAM_MAX_VIEWERS'];
  const server = await startServer(port, serverEnv, inherited);
  try {
    const post = async (p: string, body: Record<string, unknown>, token?: string) =>
      (await (
        await fetch(`${server.url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
          body: JSON.stringify({ lang: 'en', ...body }),
        })
      ).json()) as { code: number; msg: string; data: { issue: { issue: string; closeTime: number } } };
    let placed = 0;
    for (let attempt = 0; placed < 60 && attempt < 600; attempt++) {
      const { data } = await post('/api/Lottery/heart', { game_id: GAME_ID });
      if (data.issue.closeTime < 5) {
        await new Promise((r) => setTimeout(r, 1000)); // betting closed: the next round opens soon
        continue;
      }
      const r = await post(
        '/api/Lottery/playOrder',
        { plan_id: roomId, game_id: GAME_ID, issue: data.issue.issue, play_type: '1', money: '10' },
        players[placed % 3]!.token,
      );
      if (r.code === 1) placed++;
    }
    report.info(`${label} heart at the default configuration`, `LOG_LEVEL unset (info), default rounds and limits; the room's feed filled by ${placed} bets`);
    await measureHeart({
      report,
      label: `${label} (default config)`,
      serverUrl: server.url,
      server,
      barePort: PORT + 10,
      roomId,
      gameId: GAME_ID,
      seconds: HEART_SECONDS,
      pairs: HEART_PAIRS,
    });
  } catch (err) {
    console.error(`server output:\n${server.output()}`);
    throw err;
  } finally {
    await server.stop();
    if (!database.serverEnv.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One guest flooding userInfo on the server on PGlite, with production's limits (RATE_LIMIT_FACTOR 1). */
async function benchFlood(port: number) {
  await withScratch(scratchPglite, async (database) => {
    const server = await startServer(port, { ...database.serverEnv, LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '1', ...passwordEnv });
    try {
      const ctx = { report, label: 'PGlite', serverUrl: server.url, seconds: FLOOD_SECONDS };
      reportFlood(ctx, await floodRun(ctx));
    } catch (err) {
      console.error(`server output:\n${server.output()}`);
      throw err;
    } finally {
      await server.stop();
    }
  });
}

/** The console's heavy screens in Chromium, on a month of history. */
async function benchConsole(make: () => Promise<BenchDatabase> | BenchDatabase, label: string, port: number) {
  await withScratch(make, (database) =>
    measureConsole({ report, label, database, port, players: CONSOLE_PLAYERS, orders: CONSOLE_ORDERS, loads: CONSOLE_LOADS, passwords: PASSWORDS }),
  );
}

async function withScratch(make: () => Promise<BenchDatabase> | BenchDatabase, use: (db: BenchDatabase) => Promise<void>) {
  const database = await make();
  try {
    await use(database);
  } finally {
    await database.drop();
  }
}

async function main() {
  const started = performance.now();
  if (FLOOD_ONLY) {
    report.section('one caller flooding reads (PGlite)');
    await benchFlood(PORT + 2);
    return finish(started);
  }
  if (CONSOLE_ONLY) {
    await consoleSections();
    return finish(started);
  }
  if (RUSH_ONLY) {
    await rushSection();
    return finish(started);
  }
  if (SETTLE_ONLY) {
    if (ADMIN_URL)
      await withScratch(
        () => scratchPostgres(ADMIN_URL, 'settle'),
        (db) => benchSettlement(db, 'PostgreSQL'),
      );
    await withScratch(scratchPglite, (db) => benchSettlement(db, 'PGlite'));
    return finish(started);
  }
  if (HEART_ONLY) {
    await heartSection();
    return finish(started);
  }
  if (STREAM_ONLY) {
    await streamSection();
    return finish(started);
  }
  if (START_ONLY) {
    await productionStartSection();
    return finish(started);
  }
  if (CHAT_ONLY) {
    await chatSection();
    return finish(started);
  }
  if (!PG_ONLY) {
    report.section('bundle');
    measureBundle(report);
    await productionStartSection();
  }

  if (ADMIN_URL) {
    report.section('PostgreSQL (DATABASE_URL server, scratch databases)');
    await withScratch(
      () => scratchPostgres(ADMIN_URL, 'server'),
      (db) => benchServer(db, { label: 'PostgreSQL', port: PORT, heart: false, cap: true }),
    );
    if (ONLY !== 'bets' && !CAP_ONLY) await heartSection();
    if (!PG_ONLY)
      await withScratch(
        () => scratchPostgres(ADMIN_URL, 'settle'),
        (db) => benchSettlement(db, 'PostgreSQL'),
      );
    if (!PG_ONLY) await rushSection();
  } else {
    report.section('PostgreSQL: not measured (set DATABASE_URL to a PostgreSQL server for the bets-vs-pgbench budgets)');
  }
  if (!PG_ONLY) {
    report.section('PGlite (embedded, file-backed)');
    await withScratch(scratchPglite, (db) => benchServer(db, { label: 'PGlite', port: PORT + 1, heart: false, cap: !ADMIN_URL }));
    if (!ADMIN_URL) await heartSection();
    await withScratch(scratchPglite, (db) => benchSettlement(db, 'PGlite'));
    if (!ADMIN_URL) await rushSection();
    report.section('one caller flooding reads (PGlite)');
    await benchFlood(PORT + 2);
    await streamSection();
    await chatSection();
    await consoleSections();
  }
  finish(started);
}

/** The closing rush: on PostgreSQL with DATABASE_URL, else on PGlite. */
async function rushSection() {
  if (ADMIN_URL) {
    report.section(`closing rush (PostgreSQL, ${fmt(RUSH_PLAYERS)} players)`);
    await withScratch(
      () => scratchPostgres(ADMIN_URL, 'rush'),
      (db) => benchRush(db, { label: 'PostgreSQL', port: PORT + 5 }),
    );
  } else {
    report.section(`closing rush (PGlite, ${fmt(RUSH_PLAYERS)} players)`);
    await withScratch(scratchPglite, (db) => benchRush(db, { label: 'PGlite', port: PORT + 5 }));
  }
}

/**
 * Live viewers: the node's cap of SSE viewers from load-generator processes (bench/stream.ts, PGlite);
 * with DATABASE_URL, the same split over two nodes behind HAProxy (a scratch database).
 */
async function productionStartSection() {
  const starts = Number(env.BENCH_START_RUNS ?? 5);
  report.section('production start (the compiled server, npm run start:prod)');
  await measureProductionStart({ report, label: 'PGlite', fresh: () => scratchPglite(), port: PORT + 40, starts, passwords: passwordEnv });
  if (ADMIN_URL) {
    let n = 0;
    await measureProductionStart({
      report,
      label: 'PostgreSQL',
      fresh: () => scratchPostgres(ADMIN_URL, `start${n++}`),
      port: PORT + 40,
      starts,
      passwords: passwordEnv,
    });
  }
}

async function streamSection() {
  const print = (result: Awaited<ReturnType<typeof benchStream>>) => {
    for (const line of result.lines) {
      if (line.budget === '—') report.info(line.name, line.value);
      else report.budget(line.name, line.value, line.budget, line.ok);
    }
  };
  report.section('live viewers on one node (PGlite)');
  print(await benchStream({ port: PORT + 6, databaseUrl: '' }));
  if (ADMIN_URL) {
    report.section('live viewers split over two nodes behind HAProxy (PostgreSQL)');
    await withScratch(
      () => scratchPostgres(ADMIN_URL, 'stream'),
      async (db) => print(await benchStream({ port: PORT + 6, databaseUrl: db.serverEnv.DATABASE_URL, nodes: 2 })),
    );
  }
}

/** The room chat: a message to every viewer (one node, and two with DATABASE_URL), a bet by message, the heart with chat. */
async function chatSection() {
  report.section('the room chat (PGlite; two nodes on PostgreSQL with DATABASE_URL)');
  await measureChat({ report, port: PORT + 11, adminUrl: ADMIN_URL, fundedRoom, passwords: passwordEnv });
}

/** The heart at the default configuration: on PostgreSQL with DATABASE_URL, else on PGlite. */
async function heartSection() {
  report.section(`the heart at the default configuration (${ADMIN_URL ? 'PostgreSQL' : 'PGlite'})`);
  if (ADMIN_URL)
    await withScratch(
      () => scratchPostgres(ADMIN_URL, 'heart'),
      (db) => benchHeart(db, 'PostgreSQL', PORT + 5),
    );
  else await withScratch(scratchPglite, (db) => benchHeart(db, 'PGlite', PORT + 5));
}

async function consoleSections() {
  report.section('console screens (PGlite, embedded: what `npm start` runs)');
  // BENCH_CONSOLE_PGLITE: a PGlite folder kept between runs (seeded once), for profiling.
  const kept = env.BENCH_CONSOLE_PGLITE;
  await benchConsole(() => scratchPglite(kept), 'PGlite', PORT + 3);
  if (ADMIN_URL) {
    report.section('console screens (PostgreSQL, scratch database)');
    await benchConsole(() => scratchPostgres(ADMIN_URL, 'console'), 'PostgreSQL', PORT + 4);
  }
}

function finish(started: number) {
  report.summary();
  console.log(`bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = report.failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
