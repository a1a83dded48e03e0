import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { registerUser, callApi } from '../helpers.js';
import { checkLedgerInvariants, fund } from '../game/kit.js';
import { PNG, balanceOf, readyToWithdraw, upload } from '../wallet/fixtures.js';
import { betNow, createProtectionApp, setLimit } from './kit.js';

const { app } = await createProtectionApp();

const count = async (table: 'orders' | 'deposits', userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`))[0]!.n);
const limitsOf = async (token: string) => (await callApi(app, api.protection.protectionInfo, {}, { token })).data.limits;
const EMPTY = 'Please enter the limit (0 is allowed), or remove the limit';

describe('a limit of 0 is a real limit', () => {
  it('stake 0: every bet is refused, and the limit shows as 0.00', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    const set = await setLimit(app, user.token, 'stake', 'week', '0');
    expect(set).toMatchObject({ code: 1, msg: 'Limit saved' });
    expect(set.data).toEqual([expect.objectContaining({ kind: 'stake', period: 'week', amount: '0.00', pending_amount: null, used: '0.00' })]);
    const refused = await betNow(app, user.token, '10');
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^This would exceed your weekly stake limit of 0\.00 u \(used: 0\.00 u\)/);
    expect(await count('orders', user.userId)).toBe(0);
    expect((await balanceOf(app, user.userId)).money).toBe(1_000_00);
    expect(await limitsOf(user.token)).toEqual([expect.objectContaining({ kind: 'stake', period: 'week', amount: '0.00' })]);
  });

  it('loss 0: a stake counts as lost until settled, so nothing can be staked beyond what the period has won', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    expect((await setLimit(app, user.token, 'loss', 'day', '0.00')).code).toBe(1);
    const refused = await betNow(app, user.token, '10');
    expect(refused.msg).toMatch(/^This would exceed your daily loss limit of 0\.00 u \(used: 0\.00 u\)/);
    expect(await count('orders', user.userId)).toBe(0);
    await checkLedgerInvariants(app.db);
  });

  it('lowering an existing limit to 0 applies at once', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    await setLimit(app, user.token, 'stake', 'day', '100');
    expect((await betNow(app, user.token, '10')).code).toBe(1);
    const lowered = await setLimit(app, user.token, 'stake', 'day', '0');
    expect(lowered.msg).toBe('Limit saved');
    expect(lowered.data[0]).toMatchObject({ amount: '0.00', pending_amount: null, pending_from: null, used: '10.00' });
    expect((await betNow(app, user.token, '10')).msg).toMatch(/daily stake limit of 0\.00 u \(used: 10\.00 u\)/);
    expect(await count('orders', user.userId)).toBe(1);
  });

  it('deposit 0: every deposit request is refused, and so is taking back a pending withdrawal', async () => {
    const user = await readyToWithdraw(app, 1_000_00);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '200', securityCode: '123456' }, { token: user.token })).code).toBe(1);
    expect((await setLimit(app, user.token, 'deposit', 'month', '0')).code).toBe(1);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png', contentType: 'image/png' });
    const deposit = await callApi(app, api.wallet.depositRequest, { money: '100', channel: 'usdt', screenshot: up.data.url }, { token: user.token });
    expect(deposit.code).toBe(0);
    expect(deposit.msg).toMatch(/^This would exceed your monthly deposit limit of 0\.00 u \(used: 0\.00 u\)/);
    expect(await count('deposits', user.userId)).toBe(0);
    const reverse = await callApi(app, api.protection.withdrawReverse, {}, { token: user.token });
    expect(reverse.msg).toMatch(/^This would exceed your monthly deposit limit of 0\.00 u/);
    expect((await balanceOf(app, user.userId)).money).toBe(800_00);
    await checkLedgerInvariants(app.db);
  });
});

describe('saving a limit', () => {
  it('refuses an empty save with a clear message, in every language, and changes nothing', async () => {
    const user = await registerUser(app);
    await setLimit(app, user.token, 'loss', 'day', '100');
    for (const body of [{}, { amount: '' }, { amount: '   ' }, { amount: null }]) {
      const res = await callApi(app, api.protection.setLimit, { kind: 'loss', period: 'day', ...body }, { token: user.token });
      expect(res, JSON.stringify(body)).toMatchObject({ code: 0, msg: EMPTY, field: 'amount' });
    }
    expect((await callApi(app, api.protection.setLimit, { kind: 'stake', period: 'day' }, { token: user.token, lang: 'zh' })).msg).toBe(
      '请输入限额（可为 0），或移除限额',
    );
    expect((await callApi(app, api.protection.setLimit, { kind: 'session', period: 'session', amount: '' }, { token: user.token, lang: 'vi' })).msg).toBe(
      'Vui lòng nhập hạn mức (có thể là 0) hoặc gỡ hạn mức',
    );
    // The limit in force is untouched: no removal was started.
    expect(await limitsOf(user.token)).toEqual([
      expect.objectContaining({ kind: 'loss', period: 'day', amount: '100.00', pending_amount: null, pending_from: null }),
    ]);
  });

  it('removes only when asked to, and never together with an amount', async () => {
    const user = await registerUser(app);
    await setLimit(app, user.token, 'deposit', 'week', '50');
    const both = await callApi(app, api.protection.setLimit, { kind: 'deposit', period: 'week', amount: '0', remove: 1 }, { token: user.token });
    expect(both).toMatchObject({ code: 0, msg: 'Either enter a new limit or remove the limit, not both', field: 'amount' });
    const removal = await callApi(app, api.protection.setLimit, { kind: 'deposit', period: 'week', remove: true }, { token: user.token });
    expect(removal.msg).toBe('Saved. A higher limit or a removal applies only after 24 hours.');
    expect(removal.data[0]).toMatchObject({ amount: '50.00', pending_amount: null });
    expect(removal.data[0]!.pending_from).not.toBeNull();
  });

  it('refuses a session limit of 0 minutes (outside its range) instead of removing it', async () => {
    const user = await registerUser(app);
    const res = await callApi(app, api.protection.setLimit, { kind: 'session', period: 'session', amount: '0' }, { token: user.token });
    expect(res).toMatchObject({ code: 0, msg: 'The session limit must be between 10 and 1440 minutes', field: 'amount' });
    expect(await limitsOf(user.token)).toEqual([]);
  });
});
