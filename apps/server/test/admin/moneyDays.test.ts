import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { bet, createGameApp, fundedUser, roomOf } from '../game/kit.js';

const { app, clock } = await createGameApp();
const DAY = 86_400_000;
const cents = (v: string) => Math.round(Number(v) * 100);

describe('money dashboard over closed days', () => {
  it('keeps a closed day’s figures once computed, and gives the same figures as before it was kept', async () => {
    const player = await fundedUser(app, 10_000);
    const plan = await roomOf(app, 2, 0);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 2, play_type: '3', money: '25' })).code).toBe(1);
    const finance = await operatorWithRole(app, 'finance');
    const betDay = (await callApi(app, api.admin.moneySummary, {}, { token: finance })).data;
    expect(betDay.days).toHaveLength(1);
    const day = betDay.days[0]!.day as string;
    // Nothing is kept while the day is open.
    expect(await queryRows(app.db, sql`select 1 from money_days where day = ${day}`)).toHaveLength(0);

    clock.advance(2 * DAY);
    const later = await operatorWithRole(app, 'finance');
    const period = { begin_date: day, end_date: (await callApi(app, api.admin.moneySummary, {}, { token: later })).data.days[0]?.day ?? day };
    const first = (await callApi(app, api.admin.moneySummary, { begin_date: day, end_date: day }, { token: later })).data;
    expect(first.days).toEqual(betDay.days);
    expect(first.totals).toEqual(betDay.totals);
    const [kept] = await queryRows<{ stakes: string; players: number }>(app.db, sql`select stakes::text, players from money_days where day = ${day}`);
    expect(kept).toEqual({ stakes: String(cents(betDay.days[0]!.stakes)), players: 1 });

    // Read again from what was kept: the same answer, and the period's players counted once.
    const again = (await callApi(app, api.admin.moneySummary, { begin_date: day, end_date: day }, { token: later })).data;
    expect(again).toEqual(first);
    expect((await callApi(app, api.admin.moneySummary, period, { token: later })).data.totals.players).toBe(1);
  });
});

describe('money dashboard: balance adjustments', () => {
  const adjust = (token: string, id: number, direction: 'credit' | 'debit', amount: string) =>
    callApi(app, api.admin.userAdjust, { id, direction, amount, wallet: 'money', reason_code: 'correction', public_text: 'Correction', note: '' }, { token });
  const summary = async (body: Record<string, string> = {}) => {
    const res = await callApi(app, api.admin.moneySummary, body, { token: await operatorWithRole(app, 'finance') });
    expect(res.code, JSON.stringify(res)).toBe(1);
    return res.data;
  };
  const money = (c: number) => (c / 100).toFixed(2);

  it('counts the credits and debits that passed as their own figures, on the day approved, and in the net after rewards, not in the house result', async () => {
    const requester = await operatorWithRole(app, 'finance');
    const player = await fundedUser(app, 500_000);
    const before = await summary();
    expect([before.totals.adjustment_credits, before.totals.adjustment_debits]).toEqual(['0.00', '0.00']);

    // Day 1: a credit and a debit at or below the four-eyes amount post now; two debits above it are held.
    for (const [direction, amount] of [
      ['credit', '30'],
      ['debit', '12.50'],
      ['debit', '1500'],
      ['debit', '1200'],
    ] as const) {
      expect((await adjust(requester, player.userId, direction, amount)).code).toBe(1);
    }
    const [held, rejected] = await queryRows<{ id: string }>(
      app.db,
      sql`select id::text from balance_adjustments where user_id = ${player.userId} and status = 0 order by id`,
    );
    const day1 = await summary();
    expect([day1.totals.adjustment_credits, day1.totals.adjustment_debits]).toEqual(['30.00', '12.50']);
    expect(day1.days.map((d) => [d.adjustment_credits, d.adjustment_debits])).toEqual([['30.00', '12.50']]);
    expect(day1.today!.totals).toEqual(day1.totals);
    // Nothing else moved: the house's result is the games' alone; the net takes the credit off and gives the debit back.
    expect([day1.totals.house, day1.net_after_rewards]).toEqual([before.totals.house, money(cents(before.net_after_rewards) - 3_000 + 1_250)]);
    const day = day1.days[0]!.day;

    // Two days later: one held debit approved (it passes today), the other rejected (its refund is not a credit).
    clock.advance(2 * DAY);
    const approver = await operatorWithRole(app, 'finance');
    expect((await callApi(app, api.admin.adjustmentApprove, { id: Number(held!.id) }, { token: approver })).code).toBe(1);
    expect((await callApi(app, api.admin.adjustmentReject, { id: Number(rejected!.id), reason: 'Duplicate' }, { token: approver })).code).toBe(1);
    const later = await summary();
    expect([later.totals.adjustment_credits, later.totals.adjustment_debits, later.net_after_rewards]).toEqual(['0.00', '1500.00', '1500.00']);
    const today = later.days[0]!.day;
    // Day 1, closed and now kept, keeps its own adjustments; the period of both days sums them.
    const closed = await summary({ begin_date: day, end_date: day });
    expect(closed.days).toEqual(day1.days);
    expect(await queryRows(app.db, sql`select 1 from money_days where day = ${day}`)).toHaveLength(1);
    expect((await summary({ begin_date: day, end_date: day })).days).toEqual(day1.days);
    const both = await summary({ begin_date: day, end_date: today });
    expect([both.totals.adjustment_credits, both.totals.adjustment_debits]).toEqual(['30.00', '1512.50']);
    expect(both.days.map((d) => [d.day, d.adjustment_credits, d.adjustment_debits])).toEqual([
      [day, '30.00', '12.50'],
      [today, '0.00', '1500.00'],
    ]);
    expect(cents(both.net_after_rewards)).toBe(cents(closed.net_after_rewards) + cents(later.net_after_rewards));
  });
});
