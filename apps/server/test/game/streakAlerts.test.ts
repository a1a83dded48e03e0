/**
 * Streak alerts (docs/statistics.md#streak-alerts) through the API: off by default, set and cleared by
 * the player, sent as the player's own station message when a run reaches the player's length, at most
 * one per player per STREAK_ALERT_GAP_MS, never to a player in a time-out or opted out of promotions.
 * A run is brought to one draw short of the alert's length in the table, so the next draw — big or
 * small, whichever it is — makes it.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BetClass } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { STREAK_ALERT_GAP_MS } from '../../src/domain/game/streakAlerts.js';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { createGameApp, ROUND_MS } from './kit.js';

const { app, clock } = await createGameApp();
await app.game.scheduler.tick();

const alertsOf = async (token: string, lang: 'en' | 'zh' = 'en') => {
  const list = await callApi(app, api.content.noticeList, { type: 1 }, { token, lang });
  return list.data.list.filter((n: { title: string }) => n.title === (lang === 'en' ? 'Streak alert' : '连开提醒'));
};

const writtenFor = async (userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from notices where user_id = ${userId} and msg_key = 'streak_alert'`))[0]!.n);

/** Both size classes one draw short of `run` in game 7, then the next round drawn. */
async function drawWithRunsAt(run: number) {
  clock.advance(ROUND_MS);
  await app.db.execute(sql`update draw_statistics set current_run = ${run - 1} where game_id = 7 and class_id in (1, 2)`);
  await app.game.scheduler.tick();
}

async function player() {
  const p = await registerUser(app);
  for (const cls of [BetClass.BIG, BetClass.SMALL]) {
    expect((await callApi(app, api.lottery.setStreakAlert, { game_id: 7, class: cls, run: 4, on: true }, { token: p.token })).code).toBe(1);
  }
  return p;
}

describe('streak alerts', () => {
  it('are off until the player turns one on; the player sets, lists and clears their own', async () => {
    const p = await registerUser(app);
    expect((await callApi(app, api.lottery.streakAlerts, {}, { token: p.token })).data).toEqual([]);
    const set = await callApi(app, api.lottery.setStreakAlert, { game_id: 6, class: BetClass.BIG_ODD, run: 5, on: true }, { token: p.token, lang: 'en' });
    expect(set.data).toEqual([{ game_id: 6, class: BetClass.BIG_ODD, name: 'Big odd', run: 5 }]);
    await callApi(app, api.lottery.setStreakAlert, { game_id: 6, class: BetClass.EXTREME_BIG, on: true }, { token: p.token });
    expect((await callApi(app, api.lottery.streakAlerts, {}, { token: p.token })).data.map((a) => [a.class, a.run])).toEqual([
      [BetClass.BIG_ODD, 5],
      [BetClass.EXTREME_BIG, 6],
    ]);
    await callApi(app, api.lottery.setStreakAlert, { game_id: 6, class: BetClass.BIG_ODD, on: false }, { token: p.token });
    expect((await callApi(app, api.lottery.streakAlerts, {}, { token: p.token })).data.map((a) => a.class)).toEqual([BetClass.EXTREME_BIG]);
    // Another player's list is their own.
    const q = await registerUser(app);
    expect((await callApi(app, api.lottery.streakAlerts, {}, { token: q.token })).data).toEqual([]);
  });

  it('refuses a class without runs, a run out of range, an unknown game, a guest, and changes nothing', async () => {
    const p = await registerUser(app);
    for (const [input, key] of [
      [{ game_id: 7, class: BetClass.PAIR, run: 5, on: true }, 'class'],
      [{ game_id: 7, class: 100, run: 5, on: true }, 'class'],
      [{ game_id: 7, class: BetClass.BIG, run: 2, on: true }, 'run'],
      [{ game_id: 7, class: BetClass.BIG, run: 51, on: true }, 'run'],
      [{ game_id: 99, class: BetClass.BIG, run: 5, on: true }, 'game_id'],
    ] as const) {
      const res = await rawCall(app, api.lottery.setStreakAlert, input, { token: p.token, lang: 'en' });
      expect(res, JSON.stringify(input)).toMatchObject({ code: 0, field: key });
      expect(res.msg).not.toMatch(/^err\./);
    }
    expect((await rawCall(app, api.lottery.setStreakAlert, { game_id: 7, class: 1, run: 5, on: true })).code).not.toBe(1);
    expect((await callApi(app, api.lottery.streakAlerts, {}, { token: p.token })).data).toEqual([]);
  });

  it('sends one alert, in the reader’s language and with the independence statement, when the run reaches the length; none to others', async () => {
    const alice = await player();
    const idle = await registerUser(app);
    const resting = await player();
    expect((await callApi(app, api.protection.takeBreak, { kind: 'timeout', duration: '24h' }, { token: resting.token })).code).toBe(1);
    const optedOut = await player();
    expect((await callApi(app, api.rewards.promotionsOptOut, { opt_out: true }, { token: optedOut.token })).code).toBe(1);

    await drawWithRunsAt(3); // a run of 3: short of 4
    expect(await alertsOf(alice.token)).toHaveLength(0);
    await drawWithRunsAt(4);
    const [alert] = await alertsOf(alice.token);
    expect(alert!.content).toMatch(/^American 28: (Big|Small) has come 4 draws in a row\. Each draw is independent: the next draw's odds are unchanged\./);
    expect((await alertsOf(alice.token, 'zh'))[0]!.content).toMatch(/^美国28：(大|小)已连续开出 4 期。每期开奖相互独立/);
    expect(await alertsOf(idle.token)).toHaveLength(0);
    // A player in a time-out cannot read notices meanwhile: none was written for them.
    expect(await writtenFor(resting.userId)).toBe(0);
    expect(await writtenFor(alice.userId)).toBe(1);
    expect(await alertsOf(optedOut.token)).toHaveLength(0);
    expect(JSON.stringify(await callApi(app, api.lottery.heart, {}))).not.toMatch(/Streak alert/);
  });

  it('sends at most one alert per player per gap', async () => {
    const bob = await player();
    await drawWithRunsAt(4);
    expect(await alertsOf(bob.token)).toHaveLength(1);
    await drawWithRunsAt(4);
    expect(await alertsOf(bob.token)).toHaveLength(1);
    clock.advance(STREAK_ALERT_GAP_MS);
    await drawWithRunsAt(4);
    expect(await alertsOf(bob.token)).toHaveLength(2);
  });
});
