import { api, pathOf } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { PNG, balanceOf, createWalletApp, operatorLogin, operatorWithRole, requestDeposit, upload } from './fixtures.js';

const { app } = await createWalletApp();
const admin = await operatorLogin(app);

const ledgerOf = async (token: string, extra: Record<string, unknown> = {}) => (await callApi(app, api.wallet.quantityLogList, extra, { token })).data as any[];

describe('user/recharge', () => {
  it("answers the balance and the operator's USDT and bank details from settings", async () => {
    const user = await registerUser(app);
    const res = await callApi(app, api.wallet.recharge, {}, { token: user.token });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      money: '0.00',
      usdt: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      bankname: 'Lucky28 Demo Bank',
      banknum: '6222 0000 1234 5678',
      bankxm: 'Lucky28 Ltd',
    });
  });

  it('refuses guests and visitors', async () => {
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.56.0.1' });
    const res = await callApi(app, api.wallet.recharge, {}, { token: guest.data.userinfo.token });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Guests must register as full members before doing this');
    expect((await callApi(app, api.wallet.depositRequest, { money: 100, channel: 'usdt', screenshot: 'x' }, { token: guest.data.userinfo.token })).msg).toBe(
      'Guests must register as full members before doing this',
    );
    expect((await callApi(app, api.wallet.recharge, {})).status).toBe(401);
  });
});

describe('user/depositRequest', () => {
  it('creates a pending, not yet credited recharge row', async () => {
    const user = await registerUser(app);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    const res = await callApi(app, api.wallet.depositRequest, { money: '250.5', channel: 'bank', screenshot: up.data.url }, { token: user.token });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Deposit request submitted, awaiting review');
    expect(res.data).toMatchObject({ money: '250.50', channel: 'bank', status: 0 });
    const rows = await ledgerOf(user.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 0, status: 0, quantity: '250.50', over: '0.00', applied: false, gorct: 0 });
    expect((await balanceOf(app, user.userId)).money).toBe(0);
  });

  it('checks the fields in order, each with its message', async () => {
    const user = await registerUser(app);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'money', 'Please enter the amount'],
      [{ money: 'abc' }, 'money', 'Please enter a valid amount'],
      [{ money: '0' }, 'money', 'Please enter a valid amount'],
      [{ money: '-5' }, 'money', 'Please enter a valid amount'],
      [{ money: '1.234' }, 'money', 'Please enter a valid amount'],
      [{ money: '1000001' }, 'money', 'The amount is too large'],
      [{ money: '100' }, 'channel', 'Please choose USDT or bank transfer'],
      [{ money: '100', channel: 'paypal' }, 'channel', 'Please choose USDT or bank transfer'],
      [{ money: '100', channel: 'usdt' }, 'screenshot', 'Please upload the transfer screenshot'],
      [
        { money: '100', channel: 'usdt', screenshot: pathOf(api.common.file, { name: 'nope' }) },
        'screenshot',
        'The screenshot is invalid, please upload it again',
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await rawCall(app, api.wallet.depositRequest, body, { token: user.token });
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.field, JSON.stringify(body)).toBe(field);
      expect(res.msg).toBe(msg);
    }
    expect(await ledgerOf(user.token)).toHaveLength(0);
    // The address may come back with the host in front.
    const ok = await callApi(
      app,
      api.wallet.depositRequest,
      { money: 100, channel: 'USDT', screenshot: `https://example.test${up.data.url}` },
      { token: user.token },
    );
    expect(ok.code).toBe(1);
  });

  it("refuses someone else's screenshot, an ID-card picture, and a screenshot used twice", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const aliceShot = await upload(app, alice.token, { data: PNG, filename: 's.png' });
    const bobId = await upload(app, bob.token, { data: PNG, filename: 'i.png' }, { type: 'idcard' });
    const stolen = await callApi(app, api.wallet.depositRequest, { money: 100, channel: 'usdt', screenshot: aliceShot.data.url }, { token: bob.token });
    expect(stolen.msg).toBe('The screenshot is invalid, please upload it again');
    const idcard = await callApi(app, api.wallet.depositRequest, { money: 100, channel: 'usdt', screenshot: bobId.data.url }, { token: bob.token });
    expect(idcard.msg).toBe('The screenshot is invalid, please upload it again');
    expect((await callApi(app, api.wallet.depositRequest, { money: 100, channel: 'usdt', screenshot: aliceShot.data.url }, { token: alice.token })).code).toBe(
      1,
    );
    const again = await callApi(app, api.wallet.depositRequest, { money: 100, channel: 'usdt', screenshot: aliceShot.data.url }, { token: alice.token });
    expect(again.msg).toBe('This screenshot has already been used for another deposit request');
  });

  it('caps pending requests per user at five', async () => {
    const user = await registerUser(app);
    for (let i = 0; i < 5; i++) await requestDeposit(app, user.token, 10);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    const res = await callApi(app, api.wallet.depositRequest, { money: 10, channel: 'usdt', screenshot: up.data.url }, { token: user.token });
    expect(res.msg).toBe('You have too many deposit requests awaiting review, please wait for them to be processed');
  });

  it('a request retried with the same Idempotency-Key creates one deposit', async () => {
    const user = await registerUser(app);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    const body = { money: 300, channel: 'usdt', screenshot: up.data.url };
    const headers = { 'idempotency-key': 'dep-0123456789abcdef' };
    const answers = await Promise.all([1, 2, 3].map(() => callApi(app, api.wallet.depositRequest, body, { token: user.token, headers })));
    expect(answers.map((a) => a.code)).toEqual([1, 1, 1]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(await ledgerOf(user.token)).toHaveLength(1);
  });
});

describe("the operator's range of one deposit, and the requests awaiting review", () => {
  it('a request outside the range is refused with the range, creating nothing; the page lists the pending ones, newest first', async () => {
    const settings = (await callApi(app, api.admin.settingsGet, {}, { token: admin })).data;
    const { support_url_env: _env, ...current } = settings;
    const set = (patch: Record<string, unknown>) => callApi(app, api.admin.settingsUpdate, { ...current, ...patch }, { token: admin });
    expect((await set({ min_deposit: '20', max_deposit: '5000' })).code).toBe(1);
    const user = await registerUser(app);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    for (const [money, msg] of [
      ['19.99', 'The smallest deposit is 20.00 u'],
      ['5000.01', 'The largest deposit is 5000.00 u'],
    ] as const) {
      const res = await callApi(app, api.wallet.depositRequest, { money, channel: 'usdt', screenshot: up.data.url }, { token: user.token });
      expect([res.code, res.field, res.msg]).toEqual([0, 'money', msg]);
    }
    expect(await ledgerOf(user.token)).toHaveLength(0);
    expect((await callApi(app, api.wallet.recharge, {}, { token: user.token })).data).toMatchObject({
      min_deposit: '20.00',
      max_deposit: '5000.00',
      pending: [],
    });

    const first = await requestDeposit(app, user.token, '20');
    const second = await requestDeposit(app, user.token, '5000', 'bank');
    const page = (await callApi(app, api.wallet.recharge, {}, { token: user.token })).data;
    expect(page.pending.map((d: { id: number; money: string; channel: string }) => [d.id, d.money, d.channel])).toEqual([
      [second, '5000.00', 'bank'],
      [first, '20.00', 'usdt'],
    ]);
    expect(page.pending[0]!.createtime).toBeGreaterThan(1_600_000_000);
    // A reviewed request leaves the list; another player's never shows.
    await callApi(app, api.admin.depositApprove, { id: second }, { token: admin });
    const other = await registerUser(app);
    await requestDeposit(app, other.token, '30');
    expect((await callApi(app, api.wallet.recharge, {}, { token: user.token })).data.pending.map((d: { id: number }) => d.id)).toEqual([first]);
    expect((await set({ min_deposit: '', max_deposit: '' })).code).toBe(1);
  });
});

describe('operators review deposits', () => {
  it('approval credits the balance and turns the row passed, in one go; a second decision is refused', async () => {
    const user = await registerUser(app);
    const id = await requestDeposit(app, user.token, '200');
    const list = await callApi(app, api.admin.depositList, {}, { token: admin });
    const item = list.data.find((d: any) => d.id === id);
    expect(item).toMatchObject({ user_id: user.userId, amount: '200.00', channel: 'usdt', status: 0 });
    expect(item!.screenshot).toMatch(/^\/api\/common\/file\//);

    const res = await callApi(app, api.admin.depositApprove, { id }, { token: admin });
    expect(res.code).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(20_000);
    const [row] = await ledgerOf(user.token);
    expect(row).toMatchObject({ type: 0, status: 1, quantity: '200.00', over: '200.00', applied: true });
    const info = await callApi(app, api.user.userInfo, {}, { token: user.token });
    expect(info.data.money).toBe('200.00');

    const again = await callApi(app, api.admin.depositApprove, { id }, { token: admin });
    expect(again.msg).toBe('This request has already been processed');
    expect((await callApi(app, api.admin.depositReject, { id }, { token: admin })).msg).toBe('This request has already been processed');
    expect((await balanceOf(app, user.userId)).money).toBe(20_000);
    expect((await callApi(app, api.admin.depositApprove, { id: 999999 }, { token: admin })).msg).toBe('Not found');

    const audits = await queryRows<{ action: string; target_id: string }>(
      app.db,
      sql`select action, target_id from audit_log where target_type = 'deposit' and target_id = ${String(id)}`,
    );
    expect(audits).toEqual([{ action: 'deposit.approve', target_id: String(id) }]);
  });

  it('rejection credits nothing and shows the row rejected', async () => {
    const user = await registerUser(app);
    const id = await requestDeposit(app, user.token, '80');
    const res = await callApi(app, api.admin.depositReject, { id, reason: 'no transfer received' }, { token: admin });
    expect(res.code).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(0);
    const [row] = await ledgerOf(user.token);
    expect(row).toMatchObject({ type: 0, status: 2, quantity: '80.00', applied: false, memo: 'no transfer received' });
    const rejected = await callApi(app, api.admin.depositList, { status: 2 }, { token: admin });
    expect(rejected.data.find((d: any) => d.id === id)!.reason).toBe('no transfer received');
  });

  it('concurrent approve and reject of one deposit: exactly one wins', async () => {
    const user = await registerUser(app);
    const id = await requestDeposit(app, user.token, '50');
    const results = await Promise.all([
      callApi(app, api.admin.depositApprove, { id }, { token: admin }),
      callApi(app, api.admin.depositReject, { id }, { token: admin }),
      callApi(app, api.admin.depositApprove, { id }, { token: admin }),
    ]);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    const money = (await balanceOf(app, user.userId)).money;
    const [row] = await ledgerOf(user.token);
    expect(money).toBe(row.status === 1 ? 5_000 : 0);
  });

  it('only finance and admin operators may review deposits', async () => {
    const user = await registerUser(app);
    const id = await requestDeposit(app, user.token, '20');
    const support = await operatorWithRole(app, 'support');
    const finance = await operatorWithRole(app, 'finance');
    const refused = await callApi(app, api.admin.depositApprove, { id }, { token: support });
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe('You do not have permission to do this');
    expect((await callApi(app, api.admin.depositList, {}, { token: support })).status).toBe(403);
    expect((await callApi(app, api.admin.depositApprove, { id }, { token: user.token })).status).toBe(401);
    expect((await callApi(app, api.admin.depositApprove, { id }, { token: finance })).code).toBe(1);
  });
});
