import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, isMessageKey, LEDGER_TYPE_MAX, translate, type CallRef } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { callApi, openTestDatabase, rawCall, registerUser, usingPostgres } from '../helpers.js';
import { openPostgres } from '../../src/db/client.js';
import { createWalletApp, gift, operatorWithRole, readyToWithdraw, requestDeposit } from '../wallet/fixtures.js';
import { bet, createGameApp, fundedUser, roomOf, ROUND_MS } from '../game/kit.js';

/** Three rows a page: the twelve players of the test take four pages, plus the last, empty one. */
const { app } = await createWalletApp({ config: { exportPageSize: 3, timeZone: 'Asia/Shanghai' } });
const [admin, finance, support] = [await operatorWithRole(app, 'admin'), await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support')];

const players: Awaited<ReturnType<typeof registerUser>>[] = [];
for (let i = 0; i < 12; i++) players.push(await registerUser(app, { username: `expo${String(i).padStart(2, '0')}${Date.now().toString(36).slice(-4)}` }));
const target = players[4]!;
await app.db.execute(
  sql`update users set nickname = '=HYPERLINK("http://evil.example")', real_name = '张三丰', idcard = '110101199003077777', shiming = 2 where id = ${target.userId}`,
);
await app.db.execute(sql`update users set nickname = '@SUM(A1)' where id = ${players[5]!.userId}`);
await app.db.execute(sql`update users set nickname = '-2+3' where id = ${players[6]!.userId}`);

/** A CSV export through the API, addressed by the contract's call: status, headers, the text and its rows. */
async function exportCsv(ref: CallRef, token: string, input: Record<string, unknown> = {}, lang = 'en') {
  const res = await app.inject({ method: ref.method, url: ref.path, headers: { token }, payload: { lang, ...input } });
  const body = res.body;
  return { res, body, rows: parseCsv(body.replace(/^\ufeff/, '')) };
}

/** RFC 4180, enough for the test: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const exportRows = () =>
  queryRows<{ operator_id: number; target_id: string; detail: any }>(
    app.db,
    sql`select operator_id, target_id, detail from audit_log where action = 'export.csv' order by id desc`,
  );

describe('CSV exports', () => {
  it('answers UTF-8 CSV with a BOM as an attachment, headers in the request language', async () => {
    const en = await exportCsv(api.admin.exportUsers, admin, { q: 'expo' });
    expect(en.res.statusCode).toBe(200);
    expect(en.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}-\d{4}\.csv"$/);
    expect(en.res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(en.rows[0]!.slice(0, 3)).toEqual(['ID', 'Username', 'Nickname']);
    const zh = await exportCsv(api.admin.exportUsers, admin, { q: 'expo' }, 'zh');
    expect(zh.rows[0]!.slice(0, 3)).toEqual(['编号', '用户名', '昵称']);
    // The same rows; their codes (group, real-name state, frozen) in the request's words.
    const figures = (rows: string[][]) => rows.slice(1).map((r) => [...r.slice(0, 3), ...r.slice(4, 8), ...r.slice(10)]);
    expect(figures(zh.rows)).toEqual(figures(en.rows));
    expect(zh.rows[1]!.slice(8, 10)).toEqual(['未实名', '否']);
  });

  it('reads every page by key: all the filtered rows once, newest first, across several pages', async () => {
    const { rows } = await exportCsv(api.admin.exportUsers, admin, { q: 'expo' });
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual(players.map((p) => p.userId).sort((a, b) => b - a));
    const other = await exportCsv(api.admin.exportUsers, admin, { q: players[3]!.username });
    expect(other.rows.slice(1).map((r) => Number(r[0]))).toEqual([players[3]!.userId]);
  });

  it('exports the players with the filters of the players list, and refuses those it refuses', async () => {
    const picked = players[4]!;
    expect((await callApi(app, api.admin.userFreeze, { id: picked.userId, frozen: true, reason: 'export filter test' }, { token: admin })).code).toBe(1);
    const frozen = await exportCsv(api.admin.exportUsers, admin, { q: 'expo', status: 'frozen' });
    expect(frozen.rows.slice(1).map((r) => Number(r[0]))).toEqual([picked.userId]);
    const listed = await callApi(app, api.admin.userSearch, { q: 'expo', status: 'frozen' }, { token: admin });
    expect(listed.data.list.map((u) => u.id)).toEqual([picked.userId]);
    const refused = await rawCall(app, api.admin.exportUsers, { q: 'expo', balance_min: '50', balance_max: '10' }, { token: admin });
    expect(refused).toMatchObject({ code: 0, field: 'balance_min' });
    expect((await callApi(app, api.admin.userFreeze, { id: picked.userId, frozen: false, reason: 'export filter test' }, { token: admin })).code).toBe(1);
  });

  it('neutralises cells a spreadsheet would run as formulas; plain numbers stay numbers', async () => {
    const { body, rows } = await exportCsv(api.admin.exportUsers, admin, { q: 'expo' });
    const nick = (id: number) => rows.find((r) => Number(r[0]) === id)![2];
    expect(nick(target.userId)).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(nick(players[5]!.userId)).toBe(`'@SUM(A1)`);
    expect(nick(players[6]!.userId)).toBe(`'-2+3`);
    expect(body).not.toMatch(/(^|,)[=@]/m);
  });

  it('masks identities for a role that does not verify them, shows them to one that does', async () => {
    const row = async (token: string) => (await exportCsv(api.admin.exportUsers, token, { q: target.username })).rows[1]!;
    // id, username, nickname, group, money, score, real name, ID number, …
    expect((await row(finance)).slice(6, 8)).toEqual(['张**', '110*************77']);
    expect((await row(support)).slice(6, 8)).toEqual(['张三丰', '110101199003077777']);
    expect((await row(admin)).slice(6, 8)).toEqual(['张三丰', '110101199003077777']);
  });

  it('shows the payout account to the roles that pay out; the ID number only to those who verify identities', async () => {
    const w = await readyToWithdraw(app);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: w.token })).code).toBe(1);
    // id, user_id, username, real name, ID number, amount, payout type, account, account holder, bank, …
    const row = async (token: string) => (await exportCsv(api.admin.exportWithdrawals, token)).rows.find((r) => r[2] === w.username)!;
    expect((await row(finance)).slice(4, 11)).toEqual(['110*************74', '100.00', 'Bank card', 'Zhang San', '6222020200112233', 'ICBC', 'Pending']);
    expect((await row(admin))[4]).toBe('110101199003077774');
    expect((await exportRows())[0]!.detail.revealed).toEqual(['identity', 'payout']);
  });

  it('audits each export: who, which list, the filters, the rows, and what was revealed', async () => {
    await exportCsv(api.admin.exportUsers, finance, { q: 'expo' });
    const [last] = await exportRows();
    expect(last!.target_id).toBe('users');
    expect(last!.detail).toEqual({ filters: { q: 'expo' }, rows: 12, finished: true, revealed: [] });
    await exportCsv(api.admin.exportUsers, support, { q: 'expo' });
    expect((await exportRows())[0]!.detail.revealed).toEqual(['identity']);
  });

  it('respects the deposit, ledger and bet filters; dates in the operator time zone', async () => {
    const d1 = await requestDeposit(app, players[0]!.token, '150');
    await requestDeposit(app, players[1]!.token, '250');
    expect((await callApi(app, api.admin.depositApprove, { id: d1 }, { token: finance })).code).toBe(1);
    const pending = await exportCsv(api.admin.exportDeposits, finance, { status: 0 });
    expect(pending.rows.slice(1).map((r) => [r[2], r[3], r[4], r[5]])).toEqual([[players[1]!.username, '250.00', 'USDT', 'Pending']]);
    const all = await exportCsv(api.admin.exportDeposits, finance);
    expect(all.rows.length).toBe(3);
    expect(all.rows[2]![7]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    await gift(app, players[2]!.userId, 1_000);
    await gift(app, players[2]!.userId, 2_000);
    const ledger = await exportCsv(api.admin.exportLedger, support, { id: players[2]!.userId, type: 4 }, 'vi');
    expect(ledger.rows[0]![0]).toBe('Mã');
    expect(ledger.rows.slice(1).map((r) => r[6])).toEqual(['20.00', '10.00']);

    const bets = await exportCsv(api.admin.exportBets, support, { id: players[2]!.userId });
    expect(bets.rows).toHaveLength(1);
    expect(bets.rows[0]).toContain('Order number');
  });

  it('writes the columns of codes in the request’s words: statuses, ledger types, wallets, groups, real-name states', async () => {
    // The deposit approved above (USDT), and one by bank card still pending.
    const byCard = await requestDeposit(app, players[3]!.token, '120', 'bank');
    const deposit = async (id: number, lang: string) => (await exportCsv(api.admin.exportDeposits, finance, {}, lang)).rows.find((r) => Number(r[0]) === id)!;
    const approved = (await exportCsv(api.admin.exportDeposits, finance, { status: 1 })).rows[1]!;
    expect(approved.slice(4, 6)).toEqual(['USDT', 'Approved']);
    expect((await deposit(Number(approved[0]), 'zh')).slice(4, 6)).toEqual(['USDT', '已通过']);
    expect((await deposit(byCard, 'en')).slice(4, 6)).toEqual(['Bank card', 'Pending']);
    expect((await deposit(byCard, 'tw')).slice(4, 6)).toEqual(['銀行卡', '待審核']);

    await gift(app, players[3]!.userId, 500, 'score');
    // id, user_id, username, type, status, wallet, …
    const ledger = async (userId: number) => (await exportCsv(api.admin.exportLedger, support, { id: userId }, 'vi')).rows.slice(1).map((r) => r.slice(3, 6));
    // Newest first: the gift, then the bank deposit's row written pending at its request.
    expect(await ledger(players[3]!.userId)).toEqual([
      ['Quà tặng', 'Hoàn tất', 'Quỹ lưu trữ'],
      ['Nạp tiền', 'Chờ duyệt', 'Có thể rút'],
    ]);
    expect(await ledger(Number(approved[1]))).toEqual([['Nạp tiền', 'Hoàn tất', 'Có thể rút']]);
    // Every ledger type has its words, the newest included.
    const typesWithoutWords = Array.from({ length: LEDGER_TYPE_MAX + 1 }, (_, t) => t).filter((t) => !isMessageKey(`csv.value.ledger_type.${t}`));
    expect(typesWithoutWords).toEqual([]);

    // id, username, nickname, group, money, score, real name, ID number, real-name state, frozen, …
    const user = async (lang: string) => (await exportCsv(api.admin.exportUsers, admin, { q: target.username }, lang)).rows[1]!;
    expect([...(await user('en')).slice(3, 4), ...(await user('en')).slice(8, 10)]).toEqual(['Member', 'Verified', 'No']);
    expect([...(await user('tw')).slice(3, 4), ...(await user('tw')).slice(8, 10)]).toEqual(['會員', '已實名', '否']);
  });

  it('exports the money days and the audit trail', async () => {
    // Today's balance adjustments: a credit and a debit, each its own column.
    for (const [direction, amount] of [
      ['credit', '7.25'],
      ['debit', '1.50'],
    ] as const) {
      const body = { id: players[0]!.userId, direction, amount, wallet: 'money', reason_code: 'correction', public_text: 'Correction', note: '' };
      expect((await callApi(app, api.admin.userAdjust, body, { token: finance })).code).toBe(1);
    }
    const days = await exportCsv(api.admin.exportMoneyDays, finance, { last_days: 7 }, 'tw');
    expect(days.rows[0]).toEqual(['日期', '充值', '提現', '贈送', '投注額', '派彩額', '平台盈虧', '調整加款', '調整扣款', '玩家數']);
    expect(days.rows.slice(1).some((r) => r[1] === '150.00')).toBe(true);
    const summary = (await callApi(app, api.admin.moneySummary, { last_days: 7 }, { token: finance })).data;
    expect(days.rows.slice(1).map((r) => r.slice(7, 9))).toEqual(summary.days.map((d) => [d.adjustment_credits, d.adjustment_debits]));
    expect([summary.totals.adjustment_credits, summary.totals.adjustment_debits]).toEqual(['7.25', '1.50']);
    const trail = await exportCsv(api.admin.exportAudit, admin, { action: 'export.' });
    const lines = trail.rows.slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    // The action and the target kind in the request's words, from the shared catalogue the console's audit screen reads.
    expect(new Set(lines.map((r) => r.slice(2, 4).join('|')))).toEqual(
      new Set([`${translate('en', 'audit.action.export.csv')}|${translate('en', 'audit.target.export')}`]),
    );
    expect(lines.map((r) => Number(r[0]))).toEqual([...lines.map((r) => Number(r[0]))].sort((a, b) => b - a));
    const adjustments = await exportCsv(api.admin.exportAudit, admin, { action: 'user.adjust' }, 'zh');
    expect(adjustments.rows[0]!.slice(2, 5)).toEqual(['操作', '对象类型', '对象编号']);
    expect(adjustments.rows.slice(1).map((r) => r.slice(2, 5))).toEqual([
      ['调整了玩家余额', '用户', String(players[0]!.userId)],
      ['调整了玩家余额', '用户', String(players[0]!.userId)],
    ]);
    expect(adjustments.body).not.toContain('user.adjust');
  });

  it('refuses the roles a list is not for, and bad filters, with the envelope before any byte of CSV', async () => {
    const before = (await exportRows()).length;
    const refused = await callApi(app, api.admin.exportDeposits, {}, { token: support });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect((await callApi(app, api.admin.exportAudit, {}, { token: finance })).status).toBe(403);
    expect((await callApi(app, api.admin.exportMoneyDays, {}, { token: support })).status).toBe(403);
    expect((await callApi(app, api.admin.exportUsers, {})).status).toBe(401);
    const bad = await rawCall(app, api.admin.exportDeposits, { status: 7 }, { token: finance });
    expect([bad.code, bad.field]).toEqual([0, 'status']);
    const noGame = await callApi(app, api.admin.exportRounds, { game_id: 99 }, { token: admin });
    expect([noGame.code, noGame.field]).toEqual([0, 'game_id']);
    const period = await callApi(app, api.admin.exportMoneyDays, { last_days: 3, begin_date: '2026-01-01' }, { token: finance });
    expect(period.field).toBe('last_days');
    expect((await exportRows()).length).toBe(before);
  });
});

describe('CSV exports of rounds and bets', async () => {
  const game = await createGameApp({ config: { exportPageSize: 3 } });
  const [gameAdmin, gameSupport] = [await operatorWithRole(game.app, 'admin'), await operatorWithRole(game.app, 'support')];
  const player = await fundedUser(game.app, 100_000);
  const plan = await roomOf(game.app, 7, 0);

  it('streams every drawn round of a game and every bet, paged by key, names in the request language', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await bet(game.app, player.token, { plan_id: plan, play_type: 1, money: '10' })).code).toBe(1);
      game.clock.advance(ROUND_MS);
      await game.app.game.scheduler.tick();
    }
    const inject = (ref: CallRef, token: string, input: Record<string, unknown>, lang = 'en') =>
      game.app.inject({ method: ref.method, url: ref.path, headers: { token }, payload: { lang, ...input } });
    const rounds = parseCsv((await inject(api.admin.exportRounds, gameSupport, { game_id: 7 })).body.replace(/^\ufeff/, ''));
    expect(rounds[0]!.slice(0, 2)).toEqual(['ID', 'Issue']);
    expect(rounds.length - 1).toBeGreaterThanOrEqual(4);
    expect(new Set(rounds.slice(1).map((r) => r[0])).size).toBe(rounds.length - 1);
    // The rounds screen's search by issue narrows its export to that round.
    const issue = rounds[2]![1]!;
    const one = parseCsv((await inject(api.admin.exportRounds, gameSupport, { game_id: 7, issue })).body.replace(/^\ufeff/, ''));
    expect(one.slice(1).map((r) => r[1])).toEqual([issue]);
    const bets = parseCsv((await inject(api.admin.exportBets, gameAdmin, { id: player.userId, game_id: 7 }, 'zh')).body.replace(/^\ufeff/, ''));
    expect(bets[0]![1]).toBe('订单号');
    expect(bets.slice(1).map((r) => r[8])).toEqual(['10.00', '10.00', '10.00', '10.00']);
    // Status, in the request's words: every bet's round was drawn and settled.
    expect(new Set(bets.slice(1).map((r) => r[10]))).toEqual(new Set(['已结算']));
    const other = parseCsv((await inject(api.admin.exportBets, gameAdmin, { game_id: 5 })).body.replace(/^\ufeff/, ''));
    expect(other).toHaveLength(1);
  });
});

// Reads from replicas (docs/operations.md#exports): the rows come from the read pool, the audit row goes to the primary.
if (usingPostgres)
  describe('CSV exports on a read-only replica (PostgreSQL)', async () => {
    const primary = await openTestDatabase();
    // The primary's own database, read-only like a standby.
    const url = new URL(String((primary.pool as unknown as { options: { connectionString: string } }).options.connectionString));
    url.searchParams.set('options', '-c default_transaction_read_only=on');
    const replica = await openPostgres(url.toString(), 2);
    const { app: onReplica } = await createWalletApp({ database: primary, readDatabase: replica, config: { exportPageSize: 3 } });
    const token = await operatorWithRole(onReplica, 'admin');
    for (let i = 0; i < 4; i++) await registerUser(onReplica, { username: `repl${i}${Date.now().toString(36).slice(-5)}` });

    it('reads the rows from the replica and writes its audit row on the primary', async () => {
      expect(replica.pool!.totalCount).toBe(0);
      const res = await onReplica.inject({ method: api.admin.exportUsers.method, url: api.admin.exportUsers.path, headers: { token }, payload: { q: 'repl' } });
      expect(parseCsv(res.body.replace(/^\ufeff/, ''))).toHaveLength(5);
      expect(replica.pool!.totalCount).toBeGreaterThan(0);
      const [row] = await queryRows<{ detail: any }>(onReplica.db, sql`select detail from audit_log where action = 'export.csv' order by id desc limit 1`);
      expect(row!.detail).toMatchObject({ filters: { q: 'repl' }, rows: 4, finished: true });
    });
  });
