import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { operatorLogin, readyToWithdraw, requestDeposit } from '../wallet/fixtures.js';
import { betNow, createProtectionApp, freshToken } from './kit.js';

const { app, clock } = await createProtectionApp();
const DAY = 24 * 60 * 60 * 1000;

describe('net position and bet-history totals', () => {
  it('shows deposits minus withdrawals and the result of play for today, this month and all time', async () => {
    const user = await readyToWithdraw(app, 0);
    const admin = await operatorLogin(app);
    // Yesterday: a 500 deposit approved, 100 played.
    const depositId = await requestDeposit(app, user.token, '500');
    expect((await callApi(app, api.admin.depositApprove, { id: depositId }, { token: admin })).code).toBe(1);
    expect((await betNow(app, user.token, '100', '1')).code).toBe(1);

    clock.advance(DAY);
    user.token = await freshToken(app, user);
    const admin2 = await operatorLogin(app);
    // Today: another 200 deposit approved, a 50 deposit still pending (not counted), a 150 withdrawal, 30 played on two classes.
    expect((await callApi(app, api.admin.depositApprove, { id: await requestDeposit(app, user.token, '200') }, { token: admin2 })).code).toBe(1);
    await requestDeposit(app, user.token, '50');
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '150', securityCode: '123456' }, { token: user.token })).code).toBe(1);
    expect((await betNow(app, user.token, '15', '1,2')).code).toBe(1);

    // The first bet has been drawn and settled by now.
    await app.game.scheduler.tick();
    const payouts = await queryRows<{ payout: string | null; created_at: Date | string }>(
      app.db,
      sql`
      select payout, created_at from orders where user_id = ${user.userId} order by id`,
    );
    const firstPayout = Number(payouts[0]!.payout ?? 0);
    expect(payouts[0]!.payout).not.toBeNull();

    const res = await callApi(app, api.protection.netPosition, {}, { token: user.token });
    expect(res.code).toBe(1);
    expect(res.data.today).toEqual({ deposits: '200.00', withdrawals: '150.00', net_deposits: '50.00', stake: '30.00', payout: '0.00', result: '-30.00' });
    const all = {
      deposits: '700.00',
      withdrawals: '150.00',
      net_deposits: '550.00',
      stake: '130.00',
      payout: formatMoney(firstPayout),
      result: formatMoney(firstPayout - 130_00),
    };
    expect(res.data.all).toEqual(all);
    // Both days fall in one month (June 1 and 2).
    expect(res.data.month).toEqual(all);

    // The bet history's totals over the dates it shows.
    const today = await callApi(app, api.protection.orderTotals, {}, { token: user.token });
    expect(today.data).toEqual({ count: 2, stake: '30.00', payout: '0.00', result: '-30.00' });
    const both = await callApi(app, api.protection.orderTotals, { begin_date: '2025-06-01', end_date: '2025-06-02' }, { token: user.token });
    expect(both.data).toEqual({ count: 3, stake: '130.00', payout: formatMoney(firstPayout), result: formatMoney(firstPayout - 130_00) });
    expect((await callApi(app, api.protection.orderTotals, { begin_date: '2025-13-01' }, { token: user.token })).msg).toBe('Invalid date, expected YYYY-MM-DD');
    expect((await callApi(app, api.protection.netPosition, {})).status).toBe(401);
  });
});
