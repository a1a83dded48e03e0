import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { LEDGER_TYPE_MAX } from '@lucky28/shared';
import { ManualClock } from '../../src/clock.js';
import { LedgerType, postLedger } from '../../src/domain/ledger/post.js';
import { registerUser, callApi } from '../helpers.js';
import { createWalletApp } from './fixtures.js';

// 2026-03-10 12:00 in Asia/Shanghai.
const clock = new ManualClock(Date.UTC(2026, 2, 10, 4, 0, 0));
const { app } = await createWalletApp({ clock });

const post = (userId: number, type: number, quantity: number, at: number, wallet: 'money' | 'score' = 'money', gorct = 0) =>
  app.db.transaction((tx) => postLedger(tx, { userId, type, wallet, quantity, gorct, createdAt: new Date(at) }));

describe('user/quantityLogList', () => {
  it("lists only the caller's rows of the chosen days, newest first, with the spec's fields", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const day = (d: number, h: number) => Date.UTC(2026, 2, d, h - 8, 0, 0); // local Shanghai hour h on March d
    await post(alice.userId, LedgerType.gift, 100_00, day(8, 9));
    await post(alice.userId, LedgerType.gift, 50_00, day(10, 1), 'score');
    await post(alice.userId, LedgerType.purchase, -20_00, day(10, 9), 'score', 7);
    await post(alice.userId, LedgerType.profit, 40_00, day(10, 10), 'money', 7);
    await post(bob.userId, LedgerType.gift, 999_00, day(10, 11));

    const today = await callApi(app, api.wallet.quantityLogList, {}, { token: alice.token });
    expect(today.code).toBe(1);
    expect(today.data.map((r: any) => r.quantity)).toEqual(['40.00', '-20.00', '50.00']);
    expect(today.data[0]).toMatchObject({ type: 3, gorct: 7, status: 1, over: '170.00', createtime: day(10, 10) / 1000 });
    expect(today.data[1]).toMatchObject({ type: 2, gorct: 7, over: '130.00', wallet: 'score' });

    const range = await callApi(app, api.wallet.quantityLogList, { begin_date: '2026-03-08', end_date: '2026-03-10' }, { token: alice.token });
    expect(range.data).toHaveLength(4);
    const gifts = await callApi(app, api.wallet.quantityLogList, { begin_date: '2026-03-01', end_date: '2026-03-10', type: 4 }, { token: alice.token });
    expect(gifts.data.map((r: any) => r.quantity)).toEqual(['50.00', '100.00']);
    const profit = await callApi(app, api.wallet.quantityLogList, { type: '3' }, { token: alice.token });
    expect(profit.data).toHaveLength(1);
    const all = await callApi(app, api.wallet.quantityLogList, { type: '' }, { token: alice.token });
    expect(all.data).toHaveLength(3);

    const bobs = await callApi(app, api.wallet.quantityLogList, { begin_date: '2026-03-01' }, { token: bob.token });
    expect(bobs.data.map((r: any) => r.quantity)).toEqual(['999.00']);
  });

  it('pages with page and limit', async () => {
    const user = await registerUser(app);
    for (let i = 1; i <= 5; i++) await post(user.userId, LedgerType.gift, i * 100, clock.now() - i * 1000);
    const first = await callApi(app, api.wallet.quantityLogList, { limit: 2 }, { token: user.token });
    const second = await callApi(app, api.wallet.quantityLogList, { limit: 2, page: 2 }, { token: user.token });
    expect(first.data.map((r: any) => r.quantity)).toEqual(['1.00', '2.00']);
    expect(second.data.map((r: any) => r.quantity)).toEqual(['3.00', '4.00']);
  });

  it('refuses a bad type or date with a message, and visitors with 401', async () => {
    const user = await registerUser(app);
    const badType = await callApi(app, api.wallet.quantityLogList, { type: LEDGER_TYPE_MAX + 1 }, { token: user.token });
    expect(badType.msg).toBe('Invalid record type');
    expect(badType.field).toBe('type');
    const badDate = await callApi(app, api.wallet.quantityLogList, { begin_date: '2026-02-30' }, { token: user.token });
    expect(badDate.msg).toBe('Invalid date, expected YYYY-MM-DD');
    const reversed = await callApi(app, api.wallet.quantityLogList, { begin_date: '2026-03-10', end_date: '2026-03-01' }, { token: user.token });
    expect(reversed.msg).toBe('The start date cannot be after the end date');
    expect((await callApi(app, api.wallet.quantityLogList, {})).status).toBe(401);
  });
});
