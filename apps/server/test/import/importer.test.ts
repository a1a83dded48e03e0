/**
 * The importer end to end on a generated source (pc28Source.ts): one run brings every player, balance,
 * request, payout account, referral and the history, to the cent, with the report; the imported players
 * cannot sign in until the move is opened, then sign in with their old passwords, see their old history,
 * bet and withdraw with their old security codes — all through the API.
 */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { callApi } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { importWorld } from './helpers.js';
import { bet, roomOf } from '../game/kit.js';

const w = await importWorld();
const { app, gen } = w;

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(app.db, q))[0]!;
const userOf = (sourceId: number) =>
  one<{
    id: number;
    username: string;
    money: string;
    score: string;
    disabled: boolean;
    group_id: number;
    inviter_id: number | null;
    password_hash: string;
    security_code_hash: string | null;
  }>(sql`select u.* from users u join imported_players p on p.user_id = u.id where p.source_id = ${sourceId}`);

const dry = await w.run({ dryRun: true });
const report = await w.run();

describe('one run', () => {
  it('a dry run reads and checks everything, prints the same report, and writes nothing', async () => {
    expect(dry.dry_run).toBe(true);
    expect(dry.counts).toEqual(report.counts);
    expect(dry.before).toEqual(report.before);
    expect(dry.renamed).toEqual(report.renamed);
    // The only run journalled is the real one.
    expect((await one<{ n: number }>(sql`select count(*)::int as n from import_runs`)).n).toBe(1);
  });

  it('counts every table: read, imported, skipped with the reason', () => {
    const players = Object.keys(gen.p).length;
    expect(report.counts.fa_user).toMatchObject({ read: players, imported: players - 1, skipped: { 'guest without money': 1 } });
    expect(report.counts.fa_order).toMatchObject({ read: 6 + 36, imported: 6 + 36 });
    expect(report.counts.fa_issue).toMatchObject({ read: 4, imported: 2, skipped: { 'not drawn yet (pre-generated)': 2 } });
    expect(report.counts.fa_user_pay).toMatchObject({ read: 4, imported: 3, skipped: { 'an older account of the same kind': 1 } });
    expect(report.counts.referrals!.skipped['inviter 1 (the registration default)']).toBeGreaterThan(0);
  });

  it('balances before and after are equal to the cent; the reconciliation is clean', async () => {
    expect(report.balances_equal).toBe(true);
    expect(report.after).toEqual(report.before);
    expect(report.before.pending_withdrawals).toBe(20_000 + 15_000);
    expect(report.reconciliation).toEqual([]);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('lists the player whose books disagree at the source, and every renamed account', () => {
    expect(report.books_disagree).toEqual([
      { source_id: gen.p.wrongBooks!.id, username: 'wrong_books', money: expect.any(String), last_over: expect.any(String) },
    ]);
    const renamed = Object.fromEntries(report.renamed.map((r) => [r.from, r.to]));
    expect(renamed).toEqual({
      averyveryverylongusername_abc_xy: `averyveryverylong_${gen.p.long!.id}`,
      张伟888: `u888_${gen.p.unicode!.id}`,
      Alice: `Alice_${gen.p.aliceCase!.id}`,
      demo: `demo_${gen.p.collide!.id}`,
    });
  });
});

describe('accounts', () => {
  it('players keep name, nickname, join time and locked state; a guest with money is a member; agent staff are players, not operators', async () => {
    const alice = await userOf(gen.p.alice!.id);
    expect(alice).toMatchObject({ username: 'alice', group_id: 1, disabled: false });
    expect((await userOf(gen.p.locked!.id)).disabled).toBe(true);
    expect((await userOf(gen.p.guestRich!.id)).group_id).toBe(1);
    expect((await userOf(gen.p.staff!.id)).group_id).toBe(1);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from operators where username in ('agent01', 'agent02')`)).n).toBe(0);
    const tag = await one<{ agent: string }>(sql`select agent from imported_players where source_id = ${gen.p.carol!.id}`);
    expect(tag.agent).toBe('agent02 (b2.example.com)');
  });

  it('keeps no password or code in clear: the md5 wrapped in argon2id, the code hashed with argon2id', async () => {
    const alice = await userOf(gen.p.alice!.id);
    expect(alice.password_hash).toMatch(/^pc28\$[0-9a-f]{6}\$\$argon2id\$/);
    expect(alice.security_code_hash).toMatch(/^\$argon2id\$/);
    const dump = JSON.stringify(await queryRows(app.db, sql`select * from users u join imported_players p on p.user_id = u.id`));
    expect(dump).not.toContain(gen.p.alice!.code);
    expect(report.hashing.hashes).toBeGreaterThanOrEqual(2 * (Object.keys(gen.p).length - 1));
  });

  it('referral links from inviter_id, the default 1 dropped', async () => {
    const bob = await userOf(gen.p.bob!.id);
    const carol = await userOf(gen.p.carol!.id);
    const alice = await userOf(gen.p.alice!.id);
    expect(bob.inviter_id).toBe(alice.id);
    expect(carol.inviter_id).toBe(bob.id);
    expect(alice.inviter_id).toBeNull();
  });
});

describe('money', () => {
  it('balances are opening entries of type 11 per wallet: cash to money, the bonus to score', async () => {
    const alice = await userOf(gen.p.alice!.id);
    expect(Number(alice.money)).toBe(gen.money.alice);
    expect(Number(alice.score)).toBe(5_000);
    const rows = await queryRows<{ wallet: string; quantity: string; memo: string }>(
      app.db,
      sql`select wallet, quantity, memo from ledger where user_id = ${alice.id} order by id`,
    );
    expect(rows.map((r) => [r.wallet, Number(r.quantity), r.memo])).toEqual([
      ['money', gen.money.alice, 'opening balance'],
      ['score', 5_000, 'opening balance'],
    ]);
  });

  it('a pending withdrawal is a pending request with its funds held as ours are, paid to the bound account', async () => {
    const wendy = await userOf(gen.p.wendy!.id);
    expect(Number(wendy.money)).toBe(gen.money.wendy);
    const rows = await queryRows<{ type: number; status: number; quantity: string }>(
      app.db,
      sql`select type, status, quantity from ledger where user_id = ${wendy.id} order by id`,
    );
    expect(rows.map((r) => [r.type, r.status, Number(r.quantity)])).toEqual([
      [11, 1, 20_000],
      [1, 0, -20_000],
      [11, 1, gen.money.wendy],
    ]);
    const [wd] = await queryRows<{ amount: string; status: number; account: { type: number; acc: string; acc_name: string } }>(
      app.db,
      sql`select * from withdrawals where user_id = ${wendy.id}`,
    );
    expect(wd).toMatchObject({ status: 0, account: { type: 1, acc: 'TXnbfUHT4a8fD9e8CB56bkB2Ds9zSxmJq4', acc_name: 'trc20' } });
    expect(Number(wd!.amount)).toBe(20_000);
  });

  it('several pending withdrawals of one player are one request of their sum', async () => {
    const multi = await userOf(gen.p.multi!.id);
    const list = await queryRows<{ amount: string; status: number; account: { type: number; acc_name: string } }>(
      app.db,
      sql`select * from withdrawals where user_id = ${multi.id}`,
    );
    expect(list).toHaveLength(1);
    expect(Number(list[0]!.amount)).toBe(15_000);
    // The latest bank card of the two (the source's highest id).
    expect(list[0]!.account).toMatchObject({ type: 0, acc_name: '6222020200445566' });
  });

  it('a pending deposit is a pending request, not credited', async () => {
    const dora = await userOf(gen.p.dora!.id);
    const [dep] = await queryRows<{ amount: string; status: number }>(app.db, sql`select * from deposits where user_id = ${dora.id}`);
    expect(dep).toMatchObject({ status: 0 });
    expect(Number(dep!.amount)).toBe(30_000);
    expect(Number(dora.money)).toBe(gen.money.dora);
  });

  it('payout accounts in our field order: a bank card number in acc_name, the holder in acc', async () => {
    const alice = await userOf(gen.p.alice!.id);
    const [card] = await queryRows<{ type: number; acc: string; acc_name: string; acc_bank: string }>(
      app.db,
      sql`select * from pay_accounts where user_id = ${alice.id}`,
    );
    expect(card).toMatchObject({ type: 0, acc: '张三', acc_name: '6222020200112233', acc_bank: '工商银行' });
  });

  it('rooms: differences reported, not applied without --rooms; the robot head-count never read', async () => {
    expect(report.rooms.applied).toBe(false);
    const fields = report.rooms.differences.filter((d) => d.game === 1).map((d) => [d.field, d.ours, d.theirs]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['min_limit', 1_000, 2_000],
        ['class 1 odds', 200, 210],
        ['class 1 min', 1_000, 2_000],
        ['class 1 max', 500_000, 300_000],
      ]),
    );
    const [room] = await queryRows<{ min_limit: string }>(app.db, sql`select min_limit from rooms where game_id = 1 and type = 0`);
    expect(Number(room!.min_limit)).toBe(1_000);
  });
});

describe('history', () => {
  it('old bets and ledger rows in tables of their own, converted; only drawn results kept', async () => {
    const alice = await userOf(gen.p.alice!.id);
    const orders = await queryRows<{ amount: string; payout: string; status: number; play_type: number | null; room_id: number | null }>(
      app.db,
      sql`select * from legacy_orders where user_id = ${alice.id} order by source_id`,
    );
    expect(orders.map((o) => [Number(o.amount), Number(o.payout), o.status, o.play_type])).toEqual([
      [10_000, 20_000, 1, 1],
      [5_000, 0, 1, 2],
      [1_000, 0, 1, 114],
      [2_000, 0, 0, 3],
      [1_000, 0, -1, 4],
    ]);
    expect(orders.every((o) => o.room_id !== null)).toBe(true);
    const draws = await queryRows<{ issue: string }>(app.db, sql`select issue from legacy_draws order by issue`);
    expect(draws.map((d) => d.issue)).toEqual(['3001001', '3001002']);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from orders`)).n).toBe(0);
  });
});

describe('signing in', () => {
  const login = (account: string, password: string, ip = '10.37.0.1') => callApi(app, api.user.login, { account, password }, { ip });

  it('refused until the move is opened, with a clear message', async () => {
    const res = await login('alice', gen.p.alice!.password);
    expect(res.code).toBe(0);
    expect(res.msg).toMatch(/being moved here/);
  });

  it('after --open: the old password works once, is replaced by argon2id at once, and the legacy hash is gone', async () => {
    const opened = await w.run({ open: true });
    expect(opened.opened).toBe(Object.keys(gen.p).length - 1);
    const res = await login('alice', gen.p.alice!.password);
    expect(res.code).toBe(1);
    const alice = await userOf(gen.p.alice!.id);
    expect(alice.password_hash).toMatch(/^\$argon2id\$/);
    expect((await login('alice', gen.p.alice!.password)).code).toBe(1);
  });

  it('a wrong password counts toward the same lockout', async () => {
    for (let i = 0; i < 5; i++) expect((await login('bob_2024', 'wrong-password', '10.37.0.9')).msg).toBe('Incorrect username or password');
    const locked = await login('bob_2024', gen.p.bob!.password, '10.37.0.9');
    expect(locked.msg).toMatch(/Too many attempts/i);
    expect((await login('bob_2024', gen.p.bob!.password, '10.37.0.10')).code).toBe(1);
  });

  it('a renamed player signs in with the old name and is told the new one, once', async () => {
    const first = await login('张伟888', gen.p.unicode!.password);
    expect(first.code).toBe(1);
    expect(first.data.userinfo).toMatchObject({ username: `u888_${gen.p.unicode!.id}`, renamed_from: '张伟888' });
    const again = await login(`u888_${gen.p.unicode!.id}`, gen.p.unicode!.password);
    expect(again.data.userinfo.renamed_from).toBeUndefined();
    // The player collided with our demo player: each signs in to their own account.
    expect((await login('demo', gen.p.collide!.password)).data.userinfo.username).toBe(`demo_${gen.p.collide!.id}`);
    expect((await login('demo', 'demo-pass-123')).data.userinfo.username).toBe('demo');
  });

  it('the old history is in the bet record and the fund details, marked as from before the move', async () => {
    const { token } = (await login('alice', gen.p.alice!.password)).data.userinfo;
    const range = { begin_date: '2025-01-01', end_date: '2025-05-31' };
    const orders = (await callApi(app, api.user.orderList, range, { token })).data as any[];
    expect(orders).toHaveLength(5);
    expect(orders.every((o) => o.legacy === true)).toBe(true);
    const win = orders.find((o) => o.profit === '100.00');
    expect(win).toMatchObject({ payout: '200.00', quantity: '100.00', play_method: 'Big', lottery_code: '3 5 6 14', status: 1, whether_hit: 1 });
    const detail = await callApi(app, api.user.orderDetail, { order_no: win.orderNo }, { token });
    expect(detail.data).toMatchObject({ legacy: true, orderNo: win.orderNo });
    const ledger = (await callApi(app, api.wallet.quantityLogList, range, { token })).data as any[];
    expect(ledger.length).toBeGreaterThan(5);
    expect(ledger.every((r) => r.legacy === true)).toBe(true);
    const today = (await callApi(app, api.wallet.quantityLogList, {}, { token })).data as any[];
    expect(today.map((r) => [r.type, r.legacy])).toEqual([
      [11, false],
      [11, false],
    ]);
  });

  it('bets and withdraws with the old security code', async () => {
    const { token } = (await login('wrong_books', gen.p.wrongBooks!.password)).data.userinfo;
    const placed = await bet(app, token, { game_id: 7, plan_id: await roomOf(app, 7, 0), play_type: 1, money: '20' }, { 'idempotency-key': 'import-bet-1' });
    expect(placed).toMatchObject({ code: 1 });
    const today = (await callApi(app, api.user.orderList, {}, { token })).data as any[];
    expect(today.map((o) => [o.quantity, o.legacy])).toEqual([['20.00', false]]);
    const profile = await callApi(app, api.user.profile, { idcard: '110101199003077774' }, { token });
    expect(profile.code).toBe(1);
    const bind = await callApi(app, api.user.setPayInfo, { type: 0, acc: 'Wang Wu', acc_name: '6222020200778899', acc_bank: 'ICBC' }, { token });
    expect(bind.code).toBe(1);
    const wrong = await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '000000' }, { token });
    expect(wrong.code).toBe(0);
    const ok = await callApi(
      app,
      api.wallet.withdrawAction,
      { type: 0, money: '100', securityCode: gen.p.wrongBooks!.code },
      { token, headers: { 'idempotency-key': 'import-wd-1' } },
    );
    expect(ok.code).toBe(1);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });
});
