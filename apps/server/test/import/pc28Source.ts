/**
 * A source database of the previous product for the importer's tests and bench: the schema written from
 * what is known of it (pc28Schema.sql) in a scratch MariaDB database of its own, filled by a generator of
 * realistic data with every case the importer must handle, and the changes an old site still open makes
 * between two runs (a withdrawal approved or rejected, a bet settled, a balance moved).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';

export const MYSQL_SERVER = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const SCHEMA = fs.readFileSync(path.join(import.meta.dirname, 'pc28Schema.sql'), 'utf8');

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
export const legacyHash = (password: string, salt: string) => md5(md5(password) + salt);

export interface SourceDb {
  url: string;
  conn: mysql.Connection;
  drop(): Promise<void>;
}

/** A fresh database `pc28_test_<random>` with the source's tables, on the test MariaDB server. */
export async function createSourceDatabase(prefix = 'pc28_test'): Promise<SourceDb> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_SERVER });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  await admin.end();
  const url = `${MYSQL_SERVER.replace(/\/$/, '')}/${name}`;
  const conn = await mysql.createConnection({ uri: url, multipleStatements: true, charset: 'utf8mb4' });
  await conn.query(SCHEMA);
  return {
    url,
    conn,
    drop: async () => {
      await conn.query(`DROP DATABASE ${name}`);
      await conn.end();
    },
  };
}

export interface SourcePlayer {
  id: number;
  username: string;
  password: string;
  code: string;
}

/** When the generated history starts, Unix seconds (a test may move it: the e2e spec wants it in the last week). */
const DEFAULT_T0 = Math.floor(Date.UTC(2025, 0, 10) / 1000);
/** The source's class ids: 1–13 the named classes, 14–41 the sums 0–27 (its own numbering, not ours). */
const CLASS_NAMES = ['大', '小', '单', '双', '大单', '小单', '大双', '小双', '极大', '极小', '豹子', '顺子', '对子'];
const ODDS = [2, 2, 2, 2, 4.2, 4.6, 4.6, 4.2, 15, 15, 90, 15, 3.5];

export interface Generated {
  /** Players by the name the tests use for them. */
  p: Record<string, SourcePlayer>;
  /** Their expected balances, cents. */
  money: Record<string, number>;
  /** Source ids of the pending withdrawals and deposits, by player. */
  pendingWithdrawals: Record<string, number[]>;
  pendingDeposits: Record<string, number[]>;
  orders: { settledWin: number; settledLose: number; unsettled: number; cancelled: number };
}

interface Builder {
  users: unknown[][];
  logs: unknown[][];
  nextLog: number;
}

/**
 * Fills the source: operators and agents with their sites, the five games with four rooms each and their
 * rules, and players covering every case — members with bank cards and wallets, a referral chain, guests
 * with and without money, a locked player, agent staff, pending withdrawals (one player with two) and
 * deposits, a player whose books disagree, long, unicode and colliding usernames — with consistent bets
 * and ledger rows, plus `bulk` ordinary players with history.
 */
export async function fillSource(conn: mysql.Connection, opts: { bulk?: number; collideWith?: string; t0?: number } = {}): Promise<Generated> {
  const T0 = opts.t0 ?? DEFAULT_T0;
  await conn.query(
    "INSERT INTO fa_admin (id, username, nickname, password, salt, status) VALUES (1, 'admin', '超级管理员', ?, 'abcdef', 'normal'), (2, 'agent01', '代理一', ?, 'qwerty', 'normal'), (3, 'agent02', '代理二', ?, 'zxcvbn', 'normal')",
    [legacyHash('admin-pw', 'abcdef'), legacyHash('agent-pw', 'qwerty'), legacyHash('agent-pw2', 'zxcvbn')],
  );
  await conn.query("INSERT INTO fa_domain (admin_id, domain, status) VALUES (2, 'a1.example.com', 1), (2, 'a1-old.example.com', 0), (3, 'b2.example.com', 1)");
  await conn.query("INSERT INTO fa_game (id, name, status) VALUES (1, '加拿大28', 1), (2, '澳洲28', 1), (5, '韩国28', 1), (6, '欧洲28', 2), (7, '美国28', 1)");
  const tiers = [
    ['初级房', '10.00', '10.00'],
    ['中级房', '10.00', '1000.00'],
    ['高级房', '50.00', '5000.00'],
    ['至尊房', '100.00', '20000.00'],
  ];
  let planId = 0;
  const rules: unknown[][] = [];
  for (const game of [1, 2, 5, 6, 7]) {
    for (let type = 0; type < 4; type++) {
      planId++;
      const [title, min, join] = tiers[type]!;
      // Game 1's beginner room differs from ours: its minimum stake, and the odds and (swapped) limits of 大.
      await conn.query('INSERT INTO fa_game_plan (id, game_id, title, type, min_limit, join_limit, robot_num) VALUES (?, ?, ?, ?, ?, ?, 321)', [
        planId,
        game,
        title,
        type,
        game === 1 && type === 0 ? '20.00' : min,
        join,
      ]);
      CLASS_NAMES.forEach((name, i) => {
        const changed = game === 1 && type === 0 && i === 0;
        const limits = i >= 10 && i <= 11 ? ['10.00', '2000.00'] : ['10.00', '5000.00'];
        rules.push([planId, i + 1, name, changed ? '2.10' : ODDS[i]!.toFixed(2), ...(changed ? ['3000.00', '20.00'] : limits), 1]);
      });
      for (let n = 0; n <= 27; n++)
        rules.push([
          planId,
          14 + n,
          String(n),
          [508, 188, 108, 68, 48, 40, 28, 22, 15, 15, 14, 14, 12, 12][Math.min(n, 27 - n)]!.toFixed(2),
          '10.00',
          '2000.00',
          1,
        ]);
    }
  }
  await conn.query('INSERT INTO fa_plan_rule (game_plan_id, class, class_name, odds, limit_min, limit_max, status) VALUES ?', [rules]);

  const b: Builder = { users: [], logs: [], nextLog: 1 };
  const g: Generated = { p: {}, money: {}, pendingWithdrawals: {}, pendingDeposits: {}, orders: { settledWin: 0, settledLose: 0, unsettled: 0, cancelled: 0 } };
  let nextUser = 1;
  const cash = new Map<number, number>();
  const log = (user: number, cents: number, type: number, status: number, mark = '', applied = true) => {
    if (applied) cash.set(user, (cash.get(user) ?? 0) + cents);
    const id = b.nextLog++;
    b.logs.push([id, user, (cents / 100).toFixed(2), ((cash.get(user) ?? 0) / 100).toFixed(2), type, status, mark, T0 + id * 60]);
    return id;
  };
  const player = (
    key: string,
    username: string,
    o: { group?: number; inviter?: number; admin?: number; status?: string; score?: number; deposit?: number } = {},
  ) => {
    const id = nextUser++;
    const salt = randomBytes(3).toString('hex');
    const password = `${key}-pass-1`;
    const code = String(100000 + id * 7919).slice(0, 6);
    g.p[key] = { id, username, password, code };
    if (o.deposit) log(id, o.deposit, 0, 1, 'bank transfer');
    b.users.push([
      id,
      o.group ?? 1,
      username,
      `${key}的昵称`,
      legacyHash(password, salt),
      salt,
      0,
      o.score ?? 0,
      o.inviter ?? 1,
      o.admin ?? 2,
      code,
      o.status ?? 'normal',
      T0 + id * 3600,
    ]);
    return id;
  };

  // Id 1: the product's first account; registration names it as the inviter of everyone who came without a code.
  player('first', 'player_first');
  const alice = player('alice', 'alice', { deposit: 123_456, score: 50 });
  const bob = player('bob', 'bob_2024', { inviter: alice, deposit: 50_000 });
  player('carol', 'carol99', { inviter: bob, deposit: 20_000, admin: 3 });
  player('guestPoor', 'guest_ab12cd', { group: 2 });
  player('guestRich', 'guest_ef34gh', { group: 2, deposit: 8_880 });
  player('locked', 'locked_one', { status: 'hidden', deposit: 1_500 });
  player('staff', 'staff_a1', { group: 3, deposit: 700 });
  const wendy = player('wendy', 'wendy', { deposit: 70_000 });
  g.pendingWithdrawals.wendy = [log(wendy, -20_000, 1, 0, 'USDT TRC20 TXnbfUHT4a8fD9e8CB56bkB2Ds9zSxmJq4')];
  const multi = player('multi', 'multi_w', { deposit: 45_000 });
  g.pendingWithdrawals.multi = [log(multi, -10_000, 1, 0, '工商银行 6222020200112233'), log(multi, -5_000, 1, 0, '工商银行 6222020200112233')];
  const dora = player('dora', 'dora_d', { deposit: 1_000 });
  g.pendingDeposits.dora = [log(dora, 30_000, 0, 0, 'USDT', false)];
  const wrong = player('wrongBooks', 'wrong_books', { deposit: 90_000 });
  player('long', 'averyveryverylongusername_abc_xy');
  player('unicode', '张伟888', { deposit: 6_600 });
  player('aliceCase', 'Alice', { deposit: 300 });
  if (opts.collideWith) player('collide', opts.collideWith, { deposit: 400 });
  // Rejected and approved withdrawals in the past: the rejection credited back (a refund row).
  log(alice, -1_000, 1, 2, 'rejected earlier');
  log(alice, 1_000, 1, 1, 'refund');
  log(bob, -2_000, 1, 1, 'paid earlier');

  // Bets and their ledger rows; draws, and one pre-generated result of a round not drawn yet.
  const issues: unknown[][] = [];
  const orders: unknown[][] = [];
  let orderId = 0;
  const bet = (user: number, game: number, plan: number, cls: number, stake: number, outcome: 'win' | 'lose' | 'open' | 'cancelled', issue: string) => {
    const id = ++orderId;
    const odds = cls <= 13 ? ODDS[cls - 1]! : 15;
    const payout = outcome === 'win' ? Math.round(stake * odds) : 0;
    log(user, -stake, 2, 1, `bet ${id}`);
    if (outcome === 'win') log(user, payout, 3, 1, `win ${id}`);
    if (outcome === 'cancelled') log(user, stake, 2, 1, `cancelled ${id}`);
    const status = outcome === 'open' ? 0 : outcome === 'cancelled' ? -1 : 1;
    orders.push([
      id,
      `PC${String(id).padStart(10, '0')}`,
      user,
      game,
      plan,
      issue,
      cls,
      CLASS_NAMES[cls - 1] ?? String(cls - 14),
      odds.toFixed(2),
      (stake / 100).toFixed(2),
      (payout / 100).toFixed(2),
      outcome === 'win' ? 1 : 0,
      status,
      outcome === 'win' || outcome === 'lose' ? '3 5 6 14' : '',
      T0 + 86_400 + id * 210,
    ]);
    g.orders[outcome === 'win' ? 'settledWin' : outcome === 'lose' ? 'settledLose' : outcome === 'open' ? 'unsettled' : 'cancelled']++;
    return id;
  };
  issues.push([1, '3001001', 3, 5, 6, 14, 1], [1, '3001002', 3, 5, 6, 14, 1], [1, '3001003', 0, 0, 0, 0, 0], [1, '3001099', 9, 9, 9, 27, 0]);
  bet(alice, 1, 1, 1, 10_000, 'win', '3001001');
  bet(alice, 1, 1, 2, 5_000, 'lose', '3001001');
  bet(alice, 1, 2, 14 + 14, 1_000, 'lose', '3001002');
  bet(alice, 1, 1, 3, 2_000, 'open', '3001003');
  bet(alice, 1, 1, 4, 1_000, 'cancelled', '3001002');
  bet(bob, 1, 1, 5, 1_000, 'win', '3001002');
  // The books of this player are wrong at the source: the balance was edited without a ledger row.
  const wrongCash = cash.get(wrong)!;

  for (let i = 0; i < (opts.bulk ?? 0); i++) {
    const u = player(`bulk${i}`, `player_${String(i).padStart(5, '0')}`, { deposit: 10_000 + i * 100, inviter: i % 3 === 0 ? alice : 1 });
    for (let k = 0; k < 3; k++) bet(u, 1, 1 + (k % 4), 1 + (k % 13), 1_000, k === 0 ? 'win' : 'lose', '3001001');
  }

  for (const row of b.users) row[6] = ((cash.get(Number(row[0])) ?? 0) / 100).toFixed(2);
  const wrongRow = b.users.find((u) => u[0] === wrong)!;
  wrongRow[6] = ((wrongCash + 9_900) / 100).toFixed(2);
  for (const [key, pl] of Object.entries(g.p)) g.money[key] = Math.round(Number(b.users.find((u) => u[0] === pl.id)![6]) * 100);

  await conn.query(
    'INSERT INTO fa_user (id, group_id, username, nickname, password, salt, money, score, inviter_id, admin_id, pass_code, status, jointime) VALUES ?',
    [b.users],
  );
  for (let i = 0; i < b.logs.length; i += 5000) {
    await conn.query('INSERT INTO fa_quantity_log (id, user_id, quantity, `over`, type, status, mark, createtime) VALUES ?', [b.logs.slice(i, i + 5000)]);
  }
  await conn.query('INSERT INTO fa_issue (game_id, issue, site_1, site_2, site_3, code, status) VALUES ?', [issues]);
  await conn.query(
    'INSERT INTO fa_order (id, orderNo, user_id, game_id, plan_id, issue, play_type, play_method, odds, quantity, profit, whether_hit, status, lottery_code, createtime) VALUES ?',
    [orders],
  );
  await conn.query(
    "INSERT INTO fa_user_pay (user_id, acc, acc_name, acc_bank, status) VALUES (?, '张三', '6222 0202 0011 2233', '工商银行', 0), (?, 'TXnbfUHT4a8fD9e8CB56bkB2Ds9zSxmJq4', 'TRC20', '', 1), (?, '李四', '6222020200998877', '建设银行', 0), (?, '李四', '6222020200445566', '建设银行', 0)",
    [alice, wendy, multi, multi],
  );
  return g;
}

/** The old site, still open: an operator decides a request (approve or reject; a rejection credits the money back). */
export async function decideRequest(conn: mysql.Connection, logId: number, approve: boolean): Promise<void> {
  const [[row]] = (await conn.query('SELECT user_id, quantity, type FROM fa_quantity_log WHERE id = ?', [logId])) as unknown as [Record<string, unknown>[]];
  await conn.query('UPDATE fa_quantity_log SET status = ? WHERE id = ?', [approve ? 1 : 2, logId]);
  const amount = Math.abs(Number(row!.quantity));
  const credit = Number(row!.type) === 1 ? (approve ? 0 : amount) : approve ? amount : 0;
  if (credit) await moveBalance(conn, Number(row!.user_id), credit, Number(row!.type) === 1 ? 'refund' : 'deposit approved');
}

/** A balance moved at the old site (a gift, a bet), with its ledger row. */
export async function moveBalance(conn: mysql.Connection, userId: number, units: number, mark = 'gift'): Promise<void> {
  await conn.query('UPDATE fa_user SET money = money + ? WHERE id = ?', [units, userId]);
  await conn.query(
    'INSERT INTO fa_quantity_log (user_id, quantity, `over`, type, status, mark, createtime) SELECT id, ?, money, 4, 1, ?, UNIX_TIMESTAMP() FROM fa_user WHERE id = ?',
    [units, mark, userId],
  );
}

/** A bet settled at the old site as a win: its payout credited. */
export async function settleOrder(conn: mysql.Connection, orderId: number, payoutUnits: number): Promise<void> {
  await conn.query("UPDATE fa_order SET status = 1, whether_hit = 1, profit = ?, lottery_code = '9 9 9 27' WHERE id = ?", [payoutUnits, orderId]);
  const [[o]] = (await conn.query('SELECT user_id FROM fa_order WHERE id = ?', [orderId])) as unknown as [Record<string, unknown>[]];
  await moveBalance(conn, Number(o!.user_id), payoutUnits, `win ${orderId}`);
}
