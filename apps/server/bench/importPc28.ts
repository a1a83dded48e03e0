/**
 * `npm run bench:import`: the importer at the size of a real move — 100,000 players, 1,000,000 bets and
 * 1,000,000 ledger rows (BENCH_IMPORT_PLAYERS, _ORDERS, _LEDGER) in a scratch MariaDB database, imported
 * into a scratch PostgreSQL database (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test).
 *
 * The budget: the rows' phase (players to draws, everything but the hashing) in at most 3× a bare COPY
 * of the same transformed rows from files into a fresh database on the same server, measured in the
 * same run. The hashing phase is reported apart, in secrets per second per thread: it hashes the players
 * of the sample that have a password and a code (BENCH_IMPORT_SECRETS, default 500) — argon2id is slow by
 * design, and 100,000 players take the projected time printed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { keyFromText } from '../src/domain/operators/secretBox.js';
import { openSource } from '../src/domain/import/source.js';
import { runImport } from '../src/domain/import/run.js';
import { seedDemoContent } from '../src/seed/demo.js';
import { scratchPostgres } from './lib/database.js';
import { legacyHash, MYSQL_SERVER } from '../test/import/pc28Source.js';

const env = process.env;
const PLAYERS = Number(env.BENCH_IMPORT_PLAYERS ?? 100_000);
const ORDERS = Number(env.BENCH_IMPORT_ORDERS ?? 1_000_000);
const LEDGER = Number(env.BENCH_IMPORT_LEDGER ?? 1_000_000);
const SECRETS = Number(env.BENCH_IMPORT_SECRETS ?? 500);
const PG_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET = 3;
const T0 = Math.floor(Date.UTC(2025, 0, 1) / 1000);
const SCHEMA = fs.readFileSync(path.join(import.meta.dirname, '../test/import/pc28Schema.sql'), 'utf8');

const secondsSince = (t: number) => (performance.now() - t) / 1000;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function insertMany(conn: mysql.Connection, head: string, rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 5_000) await conn.query(`${head} VALUES ?`, [rows.slice(i, i + 5_000)]);
}

/** The source at scale: players with cash, bonus, payout accounts, referrals, a few pending withdrawals; bets and ledger rows over them. */
async function fillBigSource(url: string): Promise<void> {
  const conn = await mysql.createConnection({ uri: url, multipleStatements: true, charset: 'utf8mb4' });
  await conn.query(SCHEMA);
  await conn.query("INSERT INTO fa_admin (id, username, nickname, status) VALUES (1, 'admin', 'admin', 'normal'), (2, 'agent01', 'agent', 'normal')");
  await conn.query("INSERT INTO fa_domain (admin_id, domain, status) VALUES (2, 'a1.example.com', 1)");
  await conn.query("INSERT INTO fa_game (id, name, status) VALUES (1, 'ca', 1), (2, 'au', 1), (5, 'kr', 1), (6, 'eu', 1), (7, 'us', 1)");
  let plan = 0;
  const rules: unknown[][] = [];
  for (const game of [1, 2, 5, 6, 7]) {
    for (let type = 0; type < 4; type++) {
      plan++;
      await conn.query('INSERT INTO fa_game_plan (id, game_id, title, type, min_limit, join_limit) VALUES (?, ?, ?, ?, 10, 10)', [
        plan,
        game,
        `room ${type}`,
        type,
      ]);
      ['大', '小', '单', '双'].forEach((name, i) => rules.push([plan, i + 1, name, '2.00', '10.00', '5000.00', 1]));
    }
  }
  await insertMany(conn, 'INSERT INTO fa_plan_rule (game_plan_id, class, class_name, odds, limit_min, limit_max, status)', rules);
  const users: unknown[][] = [];
  const logs: unknown[][] = [];
  const pays: unknown[][] = [];
  const cash = new Array<number>(PLAYERS + 1).fill(0);
  let logId = 0;
  const perPlayer = Math.max(1, Math.floor(LEDGER / PLAYERS));
  for (let id = 1; id <= PLAYERS; id++) {
    // A sample has real secrets to hash; the rest none (the hashing phase is measured on the sample).
    const secret = id <= SECRETS;
    const salt = secret ? randomBytes(3).toString('hex') : '';
    for (let k = 0; k < perPlayer && logId < LEDGER; k++) {
      const amount = k === 0 ? 100_000 : -((id * 7 + k * 13) % 5_000);
      cash[id] = cash[id]! + amount;
      logs.push([++logId, id, (amount / 100).toFixed(2), (cash[id]! / 100).toFixed(2), k === 0 ? 0 : 2, 1, k === 0 ? 'deposit' : `bet`, T0 + logId]);
    }
    if (id % 100 === 0) {
      cash[id] = cash[id]! - 10_000;
      logs.push([++logId, id, '-100.00', (cash[id]! / 100).toFixed(2), 1, 0, 'withdrawal', T0 + logId]);
    }
    if (id % 2 === 0) pays.push([id, `holder ${id}`, `62220202${String(id).padStart(8, '0')}`, 'ICBC', 0]);
    users.push([
      id,
      id % 20 === 0 ? 2 : 1,
      `player_${id}`,
      `p${id}`,
      secret ? legacyHash(`pw-${id}`, salt) : '',
      salt,
      (cash[id]! / 100).toFixed(2),
      id % 7,
      id > 1 && id % 3 === 0 ? id - 1 : 1,
      2,
      secret ? String(100000 + id) : '',
      'normal',
      T0 + id,
    ]);
  }
  await insertMany(
    conn,
    'INSERT INTO fa_user (id, group_id, username, nickname, password, salt, money, score, inviter_id, admin_id, pass_code, status, jointime)',
    users,
  );
  await insertMany(conn, 'INSERT INTO fa_quantity_log (id, user_id, quantity, `over`, type, status, mark, createtime)', logs);
  await insertMany(conn, 'INSERT INTO fa_user_pay (user_id, acc, acc_name, acc_bank, status)', pays);
  const issues: unknown[][] = [];
  for (let i = 0; i < 10_000; i++)
    issues.push([1 + (i % 2), String(3_000_000 + i), i % 10, (i * 3) % 10, (i * 7) % 10, (i % 10) + ((i * 3) % 10) + ((i * 7) % 10), 1]);
  await insertMany(conn, 'INSERT INTO fa_issue (game_id, issue, site_1, site_2, site_3, code, status)', issues);
  const orders: unknown[][] = [];
  for (let id = 1; id <= ORDERS; id++) {
    const win = id % 2 === 0;
    orders.push([
      id,
      `PC${id}`,
      1 + (id % PLAYERS),
      1 + (id % 2),
      1 + (id % 8),
      String(3_000_000 + (id % 10_000)),
      1 + (id % 4),
      '大',
      '2.00',
      '10.00',
      win ? '20.00' : '0.00',
      win ? 1 : 0,
      1,
      '1 2 3 6',
      T0 + id,
    ]);
    if (orders.length === 20_000)
      await insertMany(
        conn,
        'INSERT INTO fa_order (id, orderNo, user_id, game_id, plan_id, issue, play_type, play_method, odds, quantity, profit, whether_hit, status, lottery_code, createtime)',
        orders.splice(0),
      );
  }
  await insertMany(
    conn,
    'INSERT INTO fa_order (id, orderNo, user_id, game_id, plan_id, issue, play_type, play_method, odds, quantity, profit, whether_hit, status, lottery_code, createtime)',
    orders,
  );
  await conn.end();
}

/** The tables the rows' phase writes, in an order their references allow. */
const TABLES = ['users', 'imported_players', 'pay_accounts', 'ledger', 'withdrawals', 'legacy_orders', 'legacy_ledger', 'legacy_draws'];

/** The bare COPY: the rows the import wrote, taken out to files, copied from those files into a fresh database on the same server. */
async function bareCopy(importedUrl: string): Promise<{ seconds: number; rows: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bench-copy-'));
  const out = new pg.Client({ connectionString: importedUrl });
  await out.connect();
  let rows = 0;
  for (const t of TABLES) {
    await pipeline(out.query(copyTo(`COPY ${t} TO STDOUT`)), fs.createWriteStream(path.join(dir, `${t}.tsv`)));
    rows += Number((await out.query(`select count(*)::int as n from ${t}`)).rows[0].n);
  }
  await out.end();
  const fresh = await scratchPostgres(PG_URL, 'import_copy');
  const db = await fresh.open();
  await db.migrate();
  await db.close();
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  const started = performance.now();
  await client.query('begin');
  for (const t of TABLES) await pipeline(fs.createReadStream(path.join(dir, `${t}.tsv`)), client.query(copyFrom(`COPY ${t} FROM STDIN`)));
  await client.query('commit');
  const seconds = secondsSince(started);
  await client.end();
  await fresh.drop();
  fs.rmSync(dir, { recursive: true, force: true });
  return { seconds, rows };
}

async function main() {
  const name = `pc28_bench_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_SERVER });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  const sourceUrl = `${MYSQL_SERVER.replace(/\/$/, '')}/${name}`;
  const target = await scratchPostgres(PG_URL, 'import');
  try {
    let t = performance.now();
    await fillBigSource(sourceUrl);
    log(`source filled: ${PLAYERS} players, ${ORDERS} bets, ${LEDGER} ledger rows in ${secondsSince(t).toFixed(0)} s`);
    const db = await target.open();
    await db.migrate();
    await seedDemoContent(db.db, { operatorPassword: 'bench-operator-pw', demoPassword: 'bench-demo-pw' });
    const source = await openSource(sourceUrl);
    t = performance.now();
    const threads = Math.max(1, os.availableParallelism());
    const report = await runImport(db, source, keyFromText('ef'.repeat(32)), { hashWorkers: threads, log });
    const total = secondsSince(t);
    await source.close();
    await db.close();
    const p = report.phases_ms;
    // Wall time: players and referrals, then the three lines of phases side by side (run.ts).
    const rowsPhase = (p.players! + p.referrals! + p.side_by_side!) / 1000;
    const copy = await bareCopy(target.url);
    const ratio = rowsPhase / copy.seconds;
    const perThread = report.hashing.per_second_per_thread;
    const lines = [
      '',
      `import bench: ${PLAYERS.toLocaleString('en')} players, ${ORDERS.toLocaleString('en')} bets, ${LEDGER.toLocaleString('en')} ledger rows (MariaDB → PostgreSQL)`,
      `  rows' phase       ${rowsPhase.toFixed(1)} s   (side by side ${((p.side_by_side ?? 0) / 1000).toFixed(1)} s of: ${Object.entries(p)
        .filter(([k]) => k !== 'secrets' && k !== 'rooms' && k !== 'side_by_side')
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
        .join(', ')})`,
      `  bare COPY         ${copy.seconds.toFixed(1)} s   (the same ${copy.rows.toLocaleString('en')} rows from files, same server)`,
      `  ratio             ${ratio.toFixed(2)}×   budget ≤ ${BUDGET}×   ${ratio <= BUDGET ? 'OK' : 'MISSED'}`,
      `  hashing phase     ${report.hashing.hashes} argon2id hashes in ${report.hashing.seconds} s on ${threads} thread(s): ${perThread} per second per thread`,
      `                    (100,000 players with a password and a code: ~${perThread ? Math.round(200_000 / (perThread * threads) / 60) : '?'} min on ${threads} thread(s))`,
      `  whole run         ${total.toFixed(1)} s; balances equal: ${report.balances_equal}; reconciliation: ${report.reconciliation.length === 0 ? 'clean' : JSON.stringify(report.reconciliation)}`,
    ];
    console.log(lines.join('\n'));
    if (ratio > BUDGET || !report.balances_equal || report.reconciliation.length > 0) process.exitCode = 1;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
