/**
 * Streak alerts (docs/statistics.md#streak-alerts) through the API: off by default, set and cleared by
 * the player, sent as the player's own station message when a run reaches the player's length, at most
 * one per player per STREAK_ALERT_GAP_MS, never to a player in a time-out or opted out of promotions.
 * A run is brought to one draw short of the alert's length in the table, so the next draw — big or
 * small, whichever it is — makes it.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BetClass } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { STREAK_ALERT_GAP_MS } from '../../src/domain/game/streakAlerts.js';
import { GameEngine } from '../../src/live/engine.js';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { createGameApp, roomOf, ROUND_MS } from './kit.js';
import { listenForStreams } from './streamClient.js';

const { app, clock } = await createGameApp();
await app.game.scheduler.tick();
const { streamOf, closeAll } = await listenForStreams(app);
afterAll(closeAll);

/** A second node's engine on the same database (as after a restart, or beside the first). */
function secondEngine(): GameEngine {
  const engine = new GameEngine({ database: app.database, clock, settings: app.game.settings, log: app.log, tickMs: 10 });
  engine.chain.length = app.game.chain.length;
  engine.chain.spare = app.game.chain.spare;
  return engine;
}

const alertsOf = async (token: string, lang: 'en' | 'zh' = 'en') => {
  const list = await callApi(app, api.content.noticeList, { type: 1 }, { token, lang });
  const alerts = list.data.list.filter((n: { title: string }) => n.title === (lang === 'en' ? 'Streak alert' : '连开提醒'));
  // Each says what it is about, for the app to link it to the fairness page.
  expect(alerts.every((n: { key: string | null }) => n.key === 'streak_alert')).toBe(true);
  return alerts;
};

const writtenFor = async (userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from notices where user_id = ${userId} and msg_key = 'streak_alert'`))[0]!.n);

/** Both size classes one draw short of `run` in game 7, then the next round drawn (by `tick`: one or more nodes). */
async function drawWithRunsAt(run: number, tick: () => Promise<unknown> = () => app.game.scheduler.tick()) {
  clock.advance(ROUND_MS);
  await app.db.execute(sql`update draw_statistics set current_run = ${run - 1} where game_id = 7 and class_id in (1, 2)`);
  await tick();
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
    const selfExcluded = await player();
    const excluded = await callApi(
      app,
      api.protection.takeBreak,
      { kind: 'self_exclusion', duration: '6m', password: selfExcluded.password },
      { token: selfExcluded.token },
    );
    expect(excluded.code, excluded.msg).toBe(1);

    await drawWithRunsAt(3); // a run of 3: short of 4
    expect(await alertsOf(alice.token)).toHaveLength(0);
    await drawWithRunsAt(4);
    const [alert] = await alertsOf(alice.token);
    expect(alert!.content).toMatch(/^American 28: (Big|Small) has come 4 draws in a row\. Each draw is independent: the next draw's odds are unchanged\./);
    expect((await alertsOf(alice.token, 'zh'))[0]!.content).toMatch(/^美国28：(大|小)已连续开出 4 期。每期开奖相互独立/);
    expect(await alertsOf(idle.token)).toHaveLength(0);
    // A player in a time-out cannot read notices meanwhile: none was written for them.
    expect(await writtenFor(resting.userId)).toBe(0);
    expect(await writtenFor(selfExcluded.userId)).toBe(0);
    expect(await writtenFor(alice.userId)).toBe(1);
    expect(await alertsOf(optedOut.token)).toHaveLength(0);
    expect(await writtenFor(optedOut.userId)).toBe(0);
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

  it("reaches the player's own messages, counted unread, and never the live stream nor the shared heart", async () => {
    await drawWithRunsAt(2); // the game's counts exist, whichever test runs first
    const carol = await player();
    const watcher = await registerUser(app);
    const plan = await roomOf(app, 7);
    const own = await streamOf(`?plan_id=${plan}&lang=en`, { token: carol.token });
    const other = await streamOf(`?plan_id=${plan}&lang=en`, { token: watcher.token });
    const home = await streamOf(`?lang=en`);
    const unreadBefore = (await callApi(app, api.content.noticeUnread, {}, { token: carol.token })).data.station;
    const from = [own.events.length, other.events.length, home.events.length];

    await drawWithRunsAt(4);
    // Unread until the player opens the list (which reads it).
    expect((await callApi(app, api.content.noticeUnread, {}, { token: carol.token })).data.station).toBe(unreadBefore + 1);
    expect(await alertsOf(carol.token)).toHaveLength(1);
    // Each stream has had the draw's heart by now; none of them carries the alert.
    for (const [i, reader] of [own, other, home].entries()) {
      await reader.next((e) => e.event === 'heart', { from: from[i], timeoutMs: 10_000 });
      expect(JSON.stringify(reader.events)).not.toMatch(/Streak alert|in a row|streak/i);
    }
    for (const body of [{}, { game_id: 7 }, { plan_id: plan, game_id: 7 }]) {
      expect(JSON.stringify((await callApi(app, api.lottery.heart, body, { token: carol.token, lang: 'en' })).data)).not.toMatch(/Streak alert|in a row/);
    }
    expect(await alertsOf(watcher.token)).toHaveLength(0);
  });

  it('is sent exactly once: a crash in the draw sends none, two nodes drawing together send one', async () => {
    const dave = await player();
    app.game.faults.afterDraw = () => {
      throw new Error('crash after the draw');
    };
    await drawWithRunsAt(4).catch(() => undefined);
    app.game.faults = {};
    // The draw rolled back with the alert; the round is drawn on the next tick, and the alert sent then.
    expect(await writtenFor(dave.userId)).toBe(0);
    await app.game.scheduler.tick();
    expect(await writtenFor(dave.userId)).toBe(1);

    const erin = await player();
    const engine = secondEngine();
    await engine.init();
    await drawWithRunsAt(4, () => Promise.all([app.game.scheduler.tick(), engine.scheduler.tick(), app.game.scheduler.tick()]));
    await engine.close();
    expect(await writtenFor(erin.userId)).toBe(1);
  });

  it('keeps one alert per class under parallel requests to set it', async () => {
    const frank = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callApi(app, api.lottery.setStreakAlert, { game_id: 7, class: BetClass.ODD, run: 3 + i, on: true }, { token: frank.token }),
      ),
    );
    expect(answers.every((a) => a.code === 1)).toBe(true);
    const rows = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from streak_alerts where user_id = ${frank.userId}`);
    expect(rows[0]!.n).toBe(1);
    const [alert] = (await callApi(app, api.lottery.streakAlerts, {}, { token: frank.token })).data;
    expect(alert!.run).toBeGreaterThanOrEqual(3);
    expect(alert!.run).toBeLessThanOrEqual(22);
  });
});
