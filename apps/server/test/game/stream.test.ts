/**
 * The live stream (GET /api/Lottery/stream): Server-Sent Events pushed from the
 * in-memory snapshot — the state at connection, new bets (with the bettor's own balance after only on
 * the bettor's stream), the draw with its wins, presence — and bets placed through another node.
 * Two app instances on one database as in twoNodes.test.ts (separate pools on PostgreSQL, so the bet
 * crosses through LISTEN/NOTIFY); node B listens on a real port.
 */
import { api } from '@lucky28/shared/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { SESSION_CHECK_MS } from '../../src/live/streamHub.js';
import { registerUser, TEST_OPERATOR_KEY, callApi, roomHeart } from '../helpers.js';
import { comingDraw, fund, roomOf, ROUND_MS, T0 } from './kit.js';
import { listenForStreams, type StreamReader } from './streamClient.js';
import { startTwoNodes } from './twoDatabases.js';
import { operatorWithRole } from '../wallet/fixtures.js';

const clock = new ManualClock(T0 + 5_000);

const { nodeA, nodeB, close } = await startTwoNodes('lucky28_ts', {
  clock,
  config: { operatorSecretKey: TEST_OPERATOR_KEY },
  checkAnswers: true,
});
await Promise.all([nodeA.game.init(), nodeB.game.init()]);
const { streamOf, closeAll } = await listenForStreams(nodeB);
afterAll(async () => {
  closeAll();
  await close();
});

async function bettor(node: FastifyInstance) {
  const user = await registerUser(node);
  await fund(node, user.userId, 1_000_00);
  return user;
}

describe('the live stream', () => {
  it('pushes a room its state, then bets placed on another node, with the balance only to the bettor', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    await Promise.all([nodeA.game.scheduler.tick(), nodeB.game.scheduler.tick()]);
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const alice = await bettor(nodeA);
    const guest = await streamOf(`?game_id=7&plan_id=${plan}&lang=en`);
    const own = await streamOf(`?plan_id=${plan}&lang=en`, { token: alice.token });
    expect(guest.status).toBe(200);
    expect(guest.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(guest.headers['content-security-policy']).toContain("default-src 'self'");

    const first = await guest.next((e) => e.event === 'heart');
    expect(first.data).toMatchObject({ game_id: 7, plan_id: plan, issue: { issue }, user_quantity: null, order_count: 0 });
    expect((await own.next((e) => e.event === 'heart')).data.user_quantity).toBe('1000.00');

    const placed = await callApi(nodeA, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: '1,3', money: '12.34' }, { token: alice.token });
    expect(placed.code).toBe(1);
    const seen = await guest.next((e) => e.event === 'bets');
    expect(seen.data.order_count).toBe(2);
    expect(seen.data.issue.issue).toBe(issue);
    expect(seen.data.message).toHaveLength(2);
    expect(seen.data.message[0]).toMatchObject({ quantity: '12.34', play_type: 1, play_method: 'Big', after_quantity: null, mine: false, issue });
    expect(seen.data.user_quantity).toBeUndefined();
    const mine = await own.next((e) => e.event === 'bets');
    expect(mine.data.message.map((m: { mine: boolean }) => m.mine)).toEqual([true, true]);
    expect(mine.data.message[1].after_quantity).toBe('975.32');
    expect(mine.data.user_quantity).toBe('975.32');
    // The bettor counts as present in the room while the stream is open, on the node that serves it.
    const presence = await callApi(nodeB, api.lottery.heart, { game_id: 7, plan_id: plan });
    expect(roomHeart(presence.data).robot_num).toBe(1);
  });

  it("never opens a guest's stream on a first frame made before the latest bet (first frames are shared for a moment)", async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const first = await streamOf(`?plan_id=${plan}&lang=en`);
    const before = (await first.next((e) => e.event === 'heart')).data.order_count as number;
    const dave = await bettor(nodeB);
    expect((await callApi(nodeB, api.lottery.playOrder, { issue, plan_id: plan, play_type: '1', money: '10' }, { token: dave.token })).code).toBe(1);
    await first.next((e) => e.event === 'bets');
    // Within the moment a first frame is shared, and in the same language: it must still carry the bet.
    const next = await streamOf(`?plan_id=${plan}&lang=en`);
    expect((await next.next((e) => e.event === 'heart')).data.order_count).toBe(before + 1);
  });

  it('pushes bets placed together to every viewer exactly once, each bettor seeing only its own as theirs', async () => {
    const plan = await roomOf(nodeB, 7, 0);
    const issue = roundAt(clock.now(), nodeB.game.settings).issue;
    const players = await Promise.all([1, 2, 3, 4].map(() => bettor(nodeB)));
    const guest = await streamOf(`?plan_id=${plan}&lang=en`);
    const own = await streamOf(`?plan_id=${plan}&lang=en`, { token: players[0]!.token });
    for (const r of [guest, own]) await r.next((e) => e.event === 'heart');
    const from = { guest: guest.events.length, own: own.events.length };
    const stakes = ['21.01', '21.02', '21.03', '21.04'];
    const placed = await Promise.all(
      players.map((p, i) => callApi(nodeB, api.lottery.playOrder, { issue, plan_id: plan, play_type: '1', money: stakes[i]! }, { token: p.token })),
    );
    expect(placed.map((r) => r.code)).toEqual([1, 1, 1, 1]);
    const seen = async (reader: StreamReader, start: number) => {
      const quantities = () =>
        reader.events
          .slice(start)
          .filter((e) => e.event === 'bets')
          .flatMap((e) => e.data.message as { quantity: string; mine: boolean }[]);
      await expect.poll(() => quantities().length).toBeGreaterThanOrEqual(4);
      await new Promise((r) => setTimeout(r, 200)); // nothing more comes
      return quantities();
    };
    const guestSaw = await seen(guest, from.guest);
    expect(guestSaw.map((m) => m.quantity).sort()).toEqual(stakes);
    expect(guestSaw.every((m) => !m.mine)).toBe(true);
    const ownSaw = await seen(own, from.own);
    expect(ownSaw.map((m) => m.quantity).sort()).toEqual(stakes);
    expect(ownSaw.filter((m) => m.mine).map((m) => m.quantity)).toEqual(['21.01']);
    const withBalance = own.events.slice(from.own).filter((e) => e.event === 'bets' && e.data.user_quantity !== undefined);
    expect(withBalance.at(-1)!.data.user_quantity).toBe('978.99');
    // This file's streams all come from one address, whose streams are capped (16): these two go.
    guest.close();
    own.close();
  });

  it('pushes the draw and its wins to the room, the game and the home cards', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const room = await streamOf(`?plan_id=${plan}`);
    const game = await streamOf('?game_id=7');
    const home = await streamOf('');
    for (const r of [room, game, home]) await r.next((e) => e.event === 'heart');
    const from = { room: room.events.length, game: game.events.length, home: home.events.length };
    // The exact sum the committed seed will draw: a win of the round whatever it is (the ticker
    // announces a player's net result of the round, so every sum at once would mostly net a loss).
    const carol = await bettor(nodeA);
    const { total } = await comingDraw(nodeA, issue);
    expect(
      (await callApi(nodeA, api.lottery.playOrder, { issue, plan_id: plan, play_type: String(100 + total), money: '10' }, { token: carol.token })).code,
    ).toBe(1);

    clock.advance(ROUND_MS);
    await nodeA.game.scheduler.tick(); // only A draws: B learns of it through the database's notification
    const drawn = await room.next((e) => e.event === 'heart' && e.data.last_issue?.issue === issue, { from: from.room });
    expect(drawn.data.issue.issue).not.toBe(issue);
    expect(drawn.data.hit_notice[0]).toMatchObject({ game_id: 7, game_name: expect.any(String), profit: expect.stringMatching(/^\d+\.00$/) });
    expect((await game.next((e) => e.event === 'heart' && e.data.last_issue?.issue === issue, { from: from.game })).data.game_id).toBe(7);
    const card = await home.next((e) => e.event === 'heart' && e.data.games.find((g: { game_id: number }) => g.game_id === 7)?.last_issue?.issue === issue, {
      from: from.home,
    });
    expect(card.data.games).toHaveLength(5);
  });

  it('refuses bad input with the usual envelope before any stream starts', async () => {
    const bad = await nodeB.inject({ method: 'GET', url: '/api/Lottery/stream?plan_id=999999&lang=en' });
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    expect(bad.json()).toMatchObject({ code: 0, field: 'plan_id' });
    const wrong = await nodeB.inject({ method: 'GET', url: '/api/Lottery/stream?game_id=abc' });
    expect(wrong.json()).toMatchObject({ code: 0, field: 'game_id' });
    expect(nodeB.apiRoutes.find((r) => r.method === 'GET' && r.url === api.lottery.stream.path)?.eventStream).toBe(true);
    expect(nodeB.apiRoutes.find((r) => r.url === api.lottery.heart.path)?.eventStream).toBe(false);
  });
});

/**
 * A logged-in viewer's stream on node B ends once their session ends on node A (sessions live in
 * the database: B re-checks the sessions it streams to, all in one query, every SESSION_CHECK_MS);
 * opened again with the same token, it is a guest's. Another viewer's stream goes on as before.
 */
describe('a stream after its session ends', () => {
  const endings: [string, (user: { token: string; userId: number; username: string; password: string }) => Promise<unknown>][] = [
    ['signing out', (u) => callApi(nodeA, api.user.logout, {}, { token: u.token })],
    [
      'a password change from another session',
      async (u) => {
        const other = await callApi(nodeA, api.user.login, { account: u.username, password: u.password }, { ip: '10.88.0.1' });
        const changed = await callApi(
          nodeA,
          api.user.newPass,
          { after_pass: u.password, new_pass: 'a-new-pass-42', confirm_pass: 'a-new-pass-42' },
          { token: other.data.userinfo.token },
        );
        expect(changed.code).toBe(1);
      },
    ],
    [
      'a time-out taken from another session',
      async (u) => {
        const other = await callApi(nodeA, api.user.login, { account: u.username, password: u.password }, { ip: '10.88.0.2' });
        expect((await callApi(nodeA, api.protection.takeBreak, { kind: 'timeout', duration: '24h' }, { token: other.data.userinfo.token })).code).toBe(1);
      },
    ],
    [
      'a freeze by an operator',
      async (u) => {
        const support = await operatorWithRole(nodeA, 'support');
        expect((await callApi(nodeA, api.admin.userFreeze, { id: u.userId, frozen: true, reason: 'stream test' }, { token: support })).code).toBe(1);
      },
    ],
  ];

  it.each(endings)('%s on another node ends the stream within the session check', async (_, end) => {
    const plan = await roomOf(nodeA, 7, 0);
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const victim = await bettor(nodeA);
    const bystander = await bettor(nodeA);
    const theirs = await streamOf(`?plan_id=${plan}&lang=en`, { token: victim.token });
    const other = await streamOf(`?plan_id=${plan}&lang=en`, { token: bystander.token });
    expect((await theirs.next((e) => e.event === 'heart')).data.user_quantity).toBe('1000.00');
    await other.next((e) => e.event === 'heart');

    await end(victim);
    const ended = await Promise.race([theirs.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), SESSION_CHECK_MS + 2_000))]);
    expect(ended, 'the stream ended within the session check').toBe(true);

    // The same token opens a guest's stream now; the other viewer still sees their own balance.
    const again = await streamOf(`?plan_id=${plan}&lang=en`, { token: victim.token });
    expect((await again.next((e) => e.event === 'heart')).data.user_quantity).toBeNull();
    expect(other.isEnded).toBe(false);
    const from = other.events.length;
    expect(
      (await callApi(nodeA, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: '1', money: '10' }, { token: bystander.token })).code,
    ).toBe(1);
    expect((await other.next((e) => e.event === 'bets', { from })).data.user_quantity).toBe('990.00');
  });
});
