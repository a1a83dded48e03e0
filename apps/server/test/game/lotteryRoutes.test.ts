import { api } from '@lucky28/shared/api';
import { describe, expect, it, vi } from 'vitest';
import { trendOf } from '@lucky28/shared';
import { candles } from '../../src/routes/lottery/draws.js';
import type { DrawSummary } from '../../src/live/snapshot.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { zonedDate } from '../../src/domain/time.js';
import { maskNickname } from '../../src/present.js';
import { callApi, roomHeart, homeHeart } from '../helpers.js';
import { bet, createGameApp, currentIssue, fundedUser, roomOf, ROUND_MS } from './kit.js';

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 0);

/** Spies on every way the app can reach the database client (PGlite or a pg pool). */
function spyOnDatabase() {
  const client = (app.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const spies = ['query', 'exec', 'transaction', 'connect'].filter((m) => typeof client[m] === 'function').map((m) => vi.spyOn(client, m));
  return { calls: () => spies.reduce((n, s) => n + s.mock.calls.length, 0), restore: () => spies.forEach((s) => s.mockRestore()) };
}

describe('Lottery/index', () => {
  it('lists the five games in tab order with their four rooms and real presence counts', async () => {
    const res = await callApi(app, api.lottery.index, { game_id: '' });
    expect(res.code).toBe(1);
    const list = res.data.gameList;
    expect(list.map((g: { id: number }) => g.id)).toEqual([7, 6, 5, 2, 1]);
    expect(list[0]).toMatchObject({ id: 7, name: 'American 28', tab_index: 0, game_status: 1 });
    expect(list[0]!.planList).toHaveLength(4);
    expect(res.data).toMatchObject({ round_seconds: 210, close_before_seconds: 30, time_zone: 'Asia/Shanghai' });
    expect(list[0]!.planList[0]).toEqual({ id: plan, game_id: 7, type: 0, title: 'Beginner', min_limit: '10.00', join_limit: '10.00', robot_num: 0 });
    expect((await callApi(app, api.lottery.index, { game_id: 6 }, { lang: 'zh' })).data.gameList.map((g: { name: string }) => g.name)).toEqual(['欧洲28']);

    const alice = await fundedUser(app, 100_00);
    const bob = await fundedUser(app, 100_00);
    await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: alice.token });
    await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: bob.token });
    await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: bob.token });
    await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }); // anonymous: not a player
    expect((await callApi(app, api.lottery.index, {})).data.gameList[0]!.planList[0]!.robot_num).toBe(2);
    clock.advance(31_000);
    expect((await callApi(app, api.lottery.index, {})).data.gameList[0]!.planList[0]!.robot_num).toBe(0);
  });
});

describe('Lottery/heart', () => {
  it("with empty ids: every game's round, countdown and close flag, plus the real wins", async () => {
    await app.game.scheduler.tick();
    const res = await callApi(app, api.lottery.heart, { game_id: '', plan_id: '' });
    const t = roundAt(clock.now(), app.game.settings);
    expect(homeHeart(res.data).games).toHaveLength(5);
    expect(homeHeart(res.data).games[0]).toMatchObject({
      game_id: 7,
      issue: t.issue,
      whether_close: false,
      openTime: Math.ceil((t.drawsAt - clock.now()) / 1000),
      game_status: 1,
      order_count: 0,
    });
    expect(Array.isArray(res.data.hit_notice)).toBe(true);
  });

  it("in a room: last draw, countdown, status, balance, the room's real bets and real wins", async () => {
    const alice = await fundedUser(app, 500_00);
    const bob = await fundedUser(app, 500_00);
    const issue = await currentIssue(app);
    await bet(app, alice.token, { issue, plan_id: plan, play_type: '1,2', money: '100' });
    await bet(app, bob.token, { issue, plan_id: plan, play_type: '3', money: '50' });
    const seen = await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: alice.token });
    expect(roomHeart(seen.data).user_quantity).toBe('300.00');
    expect(roomHeart(seen.data).order_count).toBe(3);
    const feed = roomHeart(seen.data).message.slice(-3);
    expect(feed.map((m: { play_type: number }) => m.play_type)).toEqual([1, 2, 3]);
    expect(feed[0]).toMatchObject({ issue, play_method: 'Big', quantity: '100.00', after_quantity: '400.00', mine: true });
    expect(feed[1]!.after_quantity).toBe('300.00');
    // Another player's bet shows, masked, without their balance.
    expect(feed[2]).toMatchObject({ play_method: 'Odd', quantity: '50.00', after_quantity: null, mine: false });
    expect(feed[2]!.nickname).toMatch(/^.\*\*\*.$/);
    expect(feed[2]!.nickname).not.toBe(bob.username);
    // Anonymous callers get no balance.
    expect(roomHeart((await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan })).data).user_quantity).toBeNull();

    // After the draw: the last issue, and the round's net wins in hit_notice. Alice's big and small
    // net 0 (or −40 on 13/14): no win; Bob's odd is a win of its profit when odd comes.
    clock.set(roundAt(clock.now(), app.game.settings).drawsAt);
    await app.game.scheduler.tick();
    const after = await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: alice.token });
    expect(roomHeart(after.data).last_issue!.issue).toBe(issue);
    const total = roomHeart(after.data).last_issue!.code as number;
    const notices = roomHeart(after.data).hit_notice as { nickname: string; game_name: string; profit: string }[];
    const bobWon =
      total % 2 === 1 ? [{ nickname: maskNickname(bob.username), game_id: 7, game_name: 'American 28', profit: total === 13 ? '30.00' : '50.00' }] : [];
    expect(notices).toEqual(bobWon);
    expect(roomHeart(after.data).issue.issue).not.toBe(issue);
    expect(roomHeart(after.data).order_count).toBe(0);
  });

  it('reuses a serialised answer only while nothing changed: a bet, a second, a language or a viewer shows at once', async () => {
    const alice = await fundedUser(app, 100_00);
    const bob = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    const poll = async (token?: string, lang = 'en') => roomHeart((await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token, lang })).data);
    const home = async () => homeHeart((await callApi(app, api.lottery.heart, {})).data);
    const before = await poll();
    const homeBefore = (await home()).games[0];

    // Same millisecond, one more bet: every view has it.
    await bet(app, alice.token, { issue, plan_id: plan, play_type: '2', money: '10' });
    const anonymous = await poll();
    expect(anonymous.message.length).toBe(Math.min(before.message.length + 1, 50));
    expect(anonymous.message.at(-1)).toMatchObject({ play_method: 'Small', after_quantity: null, mine: false });
    expect(anonymous.order_count).toBe(before.order_count + 1);
    expect((await home()).games[0]!.order_count).toBe(homeBefore!.order_count + 1);
    // The bettor sees their balance after on their own bet; another player does not.
    expect((await poll(alice.token)).message.at(-1)).toMatchObject({ after_quantity: '90.00', mine: true });
    const bobView = await poll(bob.token);
    expect(bobView.message.at(-1)).toMatchObject({ after_quantity: null, mine: false });
    expect(bobView.user_quantity).toBe('100.00');
    // Each language its own text.
    expect((await poll(undefined, 'zh')).message.at(-1)!.play_method).toBe('小');
    // The next second counts down.
    clock.advance(1000);
    expect((await poll()).issue.openTime).toBe(anonymous.issue.openTime - 1);
    expect((await home()).games[0]!.openTime).toBe(homeBefore!.openTime - 1);
  });

  it('answers polls from memory: no database query per poll', async () => {
    const alice = await fundedUser(app, 100_00);
    await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: alice.token }); // warms the caches
    // Earlier tests' bets are still being sent to other nodes (one NOTIFY per batch): not a poll's query.
    await app.game.events.flush();
    const db = spyOnDatabase();
    try {
      for (let i = 0; i < 20; i++) {
        await callApi(app, api.lottery.heart, { game_id: '', plan_id: '' });
        await callApi(app, api.lottery.heart, { game_id: 7 });
        await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan });
      }
      expect(db.calls()).toBe(0);
      // A logged-in caller: the session and balance are reused for a few seconds, not read per poll.
      for (let i = 0; i < 20; i++) await callApi(app, api.lottery.heart, { game_id: 7, plan_id: plan }, { token: alice.token });
      expect(db.calls()).toBe(0);
      // Control: the spies do see a call that reads the database.
      await callApi(app, api.user.orderList, {}, { token: alice.token });
      expect(db.calls()).toBeGreaterThan(0);
    } finally {
      db.restore();
    }
  });

  it('refuses unknown games and rooms', async () => {
    expect((await callApi(app, api.lottery.heart, { game_id: 3 })).msg).toBe('Game not found');
    expect((await callApi(app, api.lottery.heart, { game_id: 7, plan_id: 99999 })).msg).toBe('Room not found');
    expect((await callApi(app, api.lottery.heart, { game_id: 6, plan_id: plan })).msg).toBe('Room not found');
  });
});

describe('Lottery/oddsList', () => {
  it("answers the room's odds, limits and return to player, localised", async () => {
    const res = await callApi(app, api.lottery.oddsList, { plan_id: plan }, { lang: 'zh' });
    expect(res.data.rule_base).toHaveLength(13);
    expect(res.data.rule_num).toHaveLength(28);
    expect(res.data.rule_base[0]).toEqual({ class: 1, class_name: '大', odds: '2.00', odds_special: '1.60', min: '10.00', max: '5000.00', rtp: '97.00' });
    expect(res.data.rule_base.find((e: { class: number }) => e.class === 12)).toMatchObject({
      class_name: '小单',
      odds: '4.60',
      odds_special: '1.00',
      rtp: '96.74',
    });
    expect(res.data.rule_num[0]).toEqual({ class: 100, class_name: '和值0', odds: '508.00', odds_special: null, min: '10.00', max: '2000.00', rtp: '50.80' });
    // The room's own minimum stake raises the class minimum (Advanced room: 50.00).
    const advanced = await roomOf(app, 7, 2);
    expect((await callApi(app, api.lottery.oddsList, { plan_id: advanced })).data.rule_base[0]!.min).toBe('50.00');
    expect((await callApi(app, api.lottery.oddsList, { plan_id: 0 })).msg).toBe('Room not found');
  });
});

describe('Lottery/issueList and Lottery/cand', () => {
  it('lists real draws newest first with their trend tags', async () => {
    for (let i = 0; i < 6; i++) {
      clock.advance(ROUND_MS);
      await app.game.scheduler.tick();
    }
    const res = await callApi(app, api.lottery.issueList, { game_id: 7 });
    expect(res.code).toBe(1);
    const list = res.data as { issue: string; site_1: number; site_2: number; site_3: number; code: number; base: string[]; join: string; opentime: number }[];
    expect(list.length).toBeGreaterThanOrEqual(7);
    for (let i = 1; i < list.length; i++) expect(list[i]!.opentime).toBeLessThan(list[i - 1]!.opentime);
    for (const d of list) {
      expect(d.code).toBe(d.site_1 + d.site_2 + d.site_3);
      expect(d.join).toBe(`${d.site_1}+${d.site_2}+${d.site_3}=${d.code}`);
      expect(d.base).toEqual([d.code > 13 ? 'Big' : 'Small', d.code % 2 ? 'Odd' : 'Even']);
      const fair = await callApi(app, api.fair.round, { game_id: 7, issue: d.issue });
      expect(fair.data.total).toBe(d.code);
    }
    expect((await callApi(app, api.lottery.issueList, { game_id: 7, limit: 2 })).data).toHaveLength(2);
    expect((await callApi(app, api.lottery.issueList, { game_id: 99 })).msg).toBe('Game not found');

    const cand = (await callApi(app, api.lottery.cand, { game_id: 7 })).data as { issue: string; cand: number[]; cand_code: number }[];
    const chronological = [...list].reverse();
    expect(cand.map((c) => c.issue)).toEqual(chronological.map((d) => d.issue));
    expect(cand.map((c) => c.cand_code)).toEqual(chronological.map((d) => d.code));
  });

  it('candles: a 5-draw window ending at each draw (open, close, low, high)', () => {
    const totals = [3, 20, 7, 14, 9, 27, 0];
    const draws = totals.map((total, i) => ({ issue: String(i), total }) as unknown as DrawSummary);
    const c = candles(draws);
    expect(c[0]!.cand).toEqual([3, 3, 3, 3]);
    expect(c[1]!.cand).toEqual([3, 20, 3, 20]);
    expect(c[4]!.cand).toEqual([3, 9, 3, 20]);
    expect(c[5]!.cand).toEqual([20, 27, 7, 27]);
    expect(c[6]!.cand).toEqual([7, 0, 0, 27]);
    expect(trendOf(27).extreme).toBe(21);
  });
});

describe('user/orderList', () => {
  it("lists only the caller's bets in the date range (default today), with the spec's fields", async () => {
    const alice = await fundedUser(app, 100_00);
    const bob = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    await bet(app, alice.token, { issue, plan_id: plan, play_type: '11,105', money: '10' });
    await bet(app, bob.token, { issue, plan_id: plan, play_type: '1', money: '10' });
    const res = await callApi(app, api.user.orderList, { begin_date: '', end_date: '' }, { token: alice.token });
    expect(res.code).toBe(1);
    expect(res.data).toHaveLength(2);
    expect(res.data[0]).toMatchObject({
      plan_name: 'Beginner',
      name: 'American 28',
      issue,
      quantity: '10.00',
      status: 0,
      profit: null,
      whether_hit: null,
      lottery_code: '',
    });
    expect(res.data.map((o: { play_method: string }) => o.play_method).sort()).toEqual(['Big odd', 'Sum 5']);
    expect(res.data[0]!.orderNo).toMatch(/^\d{28}$/);
    expect(typeof res.data[0]!.createtime).toBe('number');

    clock.set(roundAt(clock.now(), app.game.settings).drawsAt);
    await app.game.scheduler.tick();
    const settled = await callApi(app, api.user.orderList, {}, { token: alice.token });
    for (const o of settled.data) {
      expect(o.status).toBe(1);
      expect([0, 1]).toContain(o.whether_hit);
      expect(o.profit).toMatch(/^-?\d+\.\d{2}$/);
      expect(o.lottery_code.split(/\s+/)).toHaveLength(4);
    }
    const today = zonedDate(clock.now(), app.config.timeZone);
    const yesterday = zonedDate(clock.now() - 86_400_000, app.config.timeZone);
    expect((await callApi(app, api.user.orderList, { begin_date: today, end_date: today }, { token: alice.token })).data).toHaveLength(2);
    expect((await callApi(app, api.user.orderList, { begin_date: yesterday, end_date: yesterday }, { token: alice.token })).data).toHaveLength(0);
    expect((await callApi(app, api.user.orderList, { begin_date: 'x' }, { token: alice.token })).code).toBe(0);
    expect((await callApi(app, api.user.orderList, {})).status).toBe(401);
  });

  it("with `issue` lists the bets of that round whatever the dates, room titles in the caller's language", async () => {
    const carol = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    await bet(app, carol.token, { issue, plan_id: plan, play_type: '1,2', money: '10' });
    const dayAfter = zonedDate(clock.now() + 86_400_000, app.config.timeZone);
    const mine = await callApi(app, api.user.orderList, { issue, begin_date: dayAfter, end_date: dayAfter }, { token: carol.token, lang: 'zh' });
    expect(mine.data).toHaveLength(2);
    expect(mine.data[0]).toMatchObject({ issue, plan_name: '初级房', name: '美国28' });
    expect((await callApi(app, api.user.orderList, { issue }, { token: carol.token, lang: 'vi' })).data[0]!.plan_name).toBe('Sơ cấp');
    expect((await callApi(app, api.user.orderList, { issue: '20200101001' }, { token: carol.token })).data).toHaveLength(0);
    const refused = await callApi(app, api.user.orderList, { issue: 'x1' }, { token: carol.token });
    expect([refused.code, refused.msg]).toEqual([0, 'Round not found']);
  });
});
