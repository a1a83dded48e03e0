import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, callApi } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { balanceOf, createWalletApp, gift, operatorLogin, operatorWithRole, readyToWithdraw } from './fixtures.js';

const { app } = await createWalletApp();
const admin = await operatorLogin(app);

let ipCounter = 0;
const withdraw = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callApi(app, api.wallet.withdrawAction, body, { token, headers, ip: `10.60.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}` });
const ledgerOf = async (token: string) => (await callApi(app, api.wallet.quantityLogList, {}, { token })).data as any[];

describe('user/withdrawInfo', () => {
  it('answers the balance and the masked payout accounts: [0] bank card, [1] wallet', async () => {
    const user = await readyToWithdraw(app, 12_345);
    const res = await callApi(app, api.wallet.withdrawInfo, {}, { token: user.token });
    expect(res.code).toBe(1);
    expect(res.data.money).toBe('123.45');
    expect(res.data.isTrue).toBe(true);
    expect(res.data.has_idcard).toBe(true);
    expect(res.data.pay_list[0]).toMatchObject({ type: 0, acc: 'Z********', acc_bank: 'ICBC' });
    expect(res.data.pay_list[0]!.acc_name).toMatch(/2233$/);
    expect(res.data.pay_list[0]!.acc_name).not.toContain('62220202');
    expect(res.data.pay_list[1]).toMatchObject({ type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20' });
  });

  it('an account with nothing bound gets an empty pay_list; guests are refused', async () => {
    const user = await registerUser(app);
    const res = await callApi(app, api.wallet.withdrawInfo, {}, { token: user.token });
    expect(res.data).toMatchObject({ money: '0.00', pay_list: [], isTrue: false, has_idcard: false });
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.57.0.1' });
    expect((await callApi(app, api.wallet.withdrawInfo, {}, { token: guest.data.userinfo.token })).msg).toBe(
      'Guests must register as full members before doing this',
    );
  });
});

describe('user/withdrawAction', () => {
  it('debits the amount into a pending row at request time', async () => {
    const user = await readyToWithdraw(app, 50_000);
    const res = await withdraw(user.token, { type: 0, money: '150', securityCode: '123456' });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Withdrawal submitted successfully, awaiting review');
    expect(res.data).toMatchObject({ money: '150.00', type: 0, status: 0, over: '350.00' });
    expect((await balanceOf(app, user.userId)).money).toBe(35_000);
    const [row] = await ledgerOf(user.token);
    expect(row).toMatchObject({ type: 1, status: 0, quantity: '-150.00', over: '350.00', applied: true });
    // The operator sees the full payout account (to pay to it).
    const list = await callApi(app, api.admin.withdrawList, {}, { token: admin });
    const item = list.data.find((w: any) => w.id === res.data.id);
    expect(item!.account).toMatchObject({ type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' });
  });

  it('checks in the order of docs/product.md#validation-rules, each refusal with its message and nothing debited', async () => {
    const user = await registerUser(app);
    const t = user.token;
    await gift(app, user.userId, 100_000);
    const expectRefusal = async (body: Record<string, unknown>, msg: string, field?: string) => {
      const res = await withdraw(t, body);
      expect(res.code, msg).toBe(0);
      expect(res.msg).toBe(msg);
      if (field) expect(res.field).toBe(field);
    };
    const full = { type: 0, money: '100', securityCode: '123456' };
    await expectRefusal(full, 'Please complete your ID information first', 'idcard');
    await callApi(app, api.user.profile, { idcard: '110101199003071233' }, { token: t });
    await expectRefusal(full, 'Please bind a bank card first', 'type');
    await expectRefusal({ ...full, type: 1 }, 'Please bind a virtual wallet first', 'type');
    await expectRefusal({ ...full, type: 7 }, 'Invalid account type', 'type');
    await callApi(app, api.user.setPayInfo, { type: 0, acc: 'Li Si', acc_name: '6222020200114455', acc_bank: 'CCB' }, { token: t });
    await expectRefusal(full, 'Please set a security code first', 'securityCode');
    await callApi(app, api.user.setSafety, { new_code: '123456' }, { token: t });
    await expectRefusal({ type: 0, securityCode: '123456' }, 'Please enter the amount', 'money');
    await expectRefusal({ ...full, money: '12abc' }, 'Please enter a valid amount', 'money');
    await expectRefusal({ ...full, money: '99.99' }, 'The minimum withdrawal is 100.00 u', 'money');
    await expectRefusal({ ...full, money: '1001' }, 'Insufficient balance: the transfer out failed', 'money');
    await expectRefusal({ type: 0, money: '100' }, 'Please enter the security code', 'securityCode');
    await expectRefusal({ ...full, securityCode: '654321' }, 'Incorrect security code', 'securityCode');
    expect((await balanceOf(app, user.userId)).money).toBe(100_000);
    expect(await ledgerOf(t)).toHaveLength(1); // the gift only
    expect((await withdraw(t, full)).code).toBe(1);
    await expectRefusal(full, 'You already have a withdrawal awaiting review');
    expect((await balanceOf(app, user.userId)).money).toBe(90_000);
  });

  it("a balance that fell after the check (a bet at the same moment) refuses in the withdrawal's own words, and nothing moves", async () => {
    const user = await readyToWithdraw(app, 20_000);
    const { requestWithdrawal } = await import('../../src/domain/wallet/withdrawals.js');
    const { inTransaction } = await import('../../src/db/transaction.js');
    const account = { type: 0 as const, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC', mark: '' };
    const refused = await inTransaction(app.db, (tx) => requestWithdrawal(tx, { userId: user.userId, amount: 20_001, account, now: Date.now() })).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ key: 'err.withdraw_insufficient', options: { field: 'money' } });
    expect((await balanceOf(app, user.userId)).money).toBe(20_000);
    expect(await ledgerOf(user.token)).toHaveLength(1); // the gift only
    expect((await callApi(app, api.wallet.withdrawInfo, {}, { token: user.token })).data.money).toBe('200.00');
  });

  it('locks the security code after repeated wrong attempts, even for the right code', async () => {
    const user = await readyToWithdraw(app, 50_000);
    for (let i = 0; i < 5; i++) expect((await withdraw(user.token, { type: 1, money: 100, securityCode: '000000' })).msg).toBe('Incorrect security code');
    await withdraw(user.token, { type: 1, money: 100, securityCode: '000000' });
    const locked = await withdraw(user.token, { type: 1, money: 100, securityCode: '123456' });
    expect(locked.code).toBe(0);
    expect(locked.msg).toMatch(/^Too many attempts, please try again in \d+ minutes$/);
    expect((await balanceOf(app, user.userId)).money).toBe(50_000);
  });

  it('refuses guests', async () => {
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.57.0.2' });
    const res = await withdraw(guest.data.userinfo.token, { type: 0, money: 100, securityCode: '123456' });
    expect(res.msg).toBe('Guests must register as full members before doing this');
  });

  it('fifty concurrent requests leave one pending withdrawal and the balance exact', async () => {
    const user = await readyToWithdraw(app, 1_000_000);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => withdraw(user.token, { type: i % 2, money: '100', securityCode: '123456' })));
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1)) expect(r.msg).toBe('You already have a withdrawal awaiting review');
    expect((await balanceOf(app, user.userId)).money).toBe(990_000);
    const pending = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from withdrawals where user_id = ${user.userId} and status = 0`);
    expect(pending[0]!.n).toBe(1);
    expect((await ledgerOf(user.token)).filter((r) => r.type === 1)).toHaveLength(1);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('fifty concurrent retries with one Idempotency-Key: one withdrawal, every answer the same', async () => {
    const user = await readyToWithdraw(app, 15_000);
    const headers = { 'idempotency-key': 'wd-same-key-000001' };
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(user.token, { type: 0, money: '100', securityCode: '123456' }, headers)));
    // Same key: every answer is the one withdrawal.
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(5_000);
  });
});

describe('operators review withdrawals', () => {
  it('approval marks the request and its row passed; the balance stays debited', async () => {
    const user = await readyToWithdraw(app, 30_000);
    const { data } = await withdraw(user.token, { type: 1, money: '120', securityCode: '123456' });
    const res = await callApi(app, api.admin.withdrawApprove, { id: data.id }, { token: admin });
    expect(res.code).toBe(1);
    const [row] = await ledgerOf(user.token);
    expect(row).toMatchObject({ type: 1, status: 1, quantity: '-120.00' });
    expect((await balanceOf(app, user.userId)).money).toBe(18_000);
    expect((await callApi(app, api.admin.withdrawReject, { id: data.id }, { token: admin })).msg).toBe('This request has already been processed');
    // A new withdrawal is possible once the previous one is decided.
    expect((await withdraw(user.token, { type: 1, money: '100', securityCode: '123456' })).code).toBe(1);
  });

  it('rejection refunds with a new row and puts the balance back', async () => {
    const user = await readyToWithdraw(app, 30_000);
    const { data } = await withdraw(user.token, { type: 0, money: '200', securityCode: '123456' });
    expect((await balanceOf(app, user.userId)).money).toBe(10_000);
    const res = await callApi(app, api.admin.withdrawReject, { id: data.id, reason: 'card number does not match the name' }, { token: admin });
    expect(res.code).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(30_000);
    const rows = await ledgerOf(user.token);
    expect(rows.slice(0, 2)).toMatchObject([
      { type: 1, status: 1, quantity: '200.00', over: '300.00', memo: 'refund: card number does not match the name' },
      { type: 1, status: 2, quantity: '-200.00' },
    ]);
    const audits = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target_type = 'withdrawal' and target_id = ${String(data.id)}`,
    );
    expect(audits.map((a) => a.action)).toEqual(['withdrawal.reject']);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('support operators cannot touch withdrawals', async () => {
    const user = await readyToWithdraw(app, 30_000);
    const { data } = await withdraw(user.token, { type: 0, money: '100', securityCode: '123456' });
    const support = await operatorWithRole(app, 'support');
    expect((await callApi(app, api.admin.withdrawApprove, { id: data.id }, { token: support })).status).toBe(403);
    expect((await callApi(app, api.admin.withdrawList, {}, { token: support })).status).toBe(403);
  });
});
