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
