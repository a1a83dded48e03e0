/**
 * The round's rhythm in the room chat on two nodes (docs/chat.md#the-rounds-posts): both schedulers tick
 * at the same moments, and each post — the warnings 60 s and 10 s before the close, "closed", the
 * room's accepted-bets list, the draw and the winners — is stored once per room, carries its key and
 * parameters for the viewer's language, and reaches each node's listeners once. The list's hash is
 * that of the rows fair.acceptedBets answers page by page (docs/design.md#the-accepted-bets-list), it
 * is built once, and no bet is accepted for a listed round.
 */
import { api } from '@lucky28/shared/api';
import { acceptedBetsHash, acceptedBetsHasher, BetClass, classWins, type AcceptedBetRow, type ChatMessage } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import type { ChatLine } from '../../src/domain/chat/messages.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { LIST_SETTLE_MS } from '../../src/live/roundRhythm.js';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { bet, comingDraw, fund, roomOf, T0 } from '../game/kit.js';
import { startTwoNodes } from '../game/twoDatabases.js';

const clock = new ManualClock(T0 + 5_000);
const { nodeA, nodeB, close } = await startTwoNodes('lucky28_trp', { clock, checkAnswers: true });
await Promise.all([nodeA.game.init(), nodeB.game.init()]);
const heard = { a: [] as ChatLine[], b: [] as ChatLine[] };
nodeA.chatRelay.on((line) => heard.a.push(line));
nodeB.chatRelay.on((line) => heard.b.push(line));
afterAll(close);

const tickBoth = () => Promise.all([nodeA.game.scheduler.tick(), nodeB.game.scheduler.tick()]);
const systemPosts = async (plan: number, lang = 'en'): Promise<ChatMessage[]> =>
  (await callApi(nodeB, api.chat.list, { plan_id: plan, lang })).data.list.filter((m) => m.kind === 'system');

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 250 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** Every row of a room's list, fetched `limit` at a time as a client would. */
async function fetchList(plan: number, issue: string, limit: number) {
  const rows: AcceptedBetRow[] = [];
  for (let page = 1; ; page++) {
    const res = await callApi(nodeA, api.fair.acceptedBets, { plan_id: plan, issue, page, limit });
    expect(res.code).toBe(1);
    rows.push(...res.data.rows);
    if (res.data.rows.length < limit) return { rows, count: res.data.count, hash: res.data.hash, pages: page };
  }
}

describe("the round's posts in the room chat, on two nodes", () => {
  it('posts each step once per room, in order, with its key and parameters; the list hashes the rows the list call pages', async () => {
    await tickBoth();
    const timing = roundAt(clock.now(), nodeA.game.settings);
    const { issue } = timing;
    const plan = await roomOf(nodeA, 7, 0);
    const other = await roomOf(nodeA, 7, 1);
    const { digits } = await comingDraw(nodeA, issue);
    const winning = classWins(BetClass.BIG, digits) ? '1' : '2';
    const losing = winning === '1' ? '2' : '1';
    const losingParity = classWins(BetClass.ODD, digits) ? '4' : '3';

    const alice = await registerUser(nodeA, { username: 'alicerhythm' });
    const bob = await registerUser(nodeB, { username: 'bobrhythm' });
    const carol = await registerUser(nodeB, { username: 'carolrhythm' });
    for (const u of [alice, bob, carol]) await fund(nodeA, u.userId, 10_000_00);
    expect((await bet(nodeA, alice.token, { issue, plan_id: plan, play_type: winning, money: '20' })).code).toBe(1);
    expect((await bet(nodeB, bob.token, { issue, plan_id: plan, play_type: `${losing},${losingParity}`, money: '10' })).code).toBe(1);
    expect((await bet(nodeB, carol.token, { issue, plan_id: other, play_type: winning, money: '15' })).code).toBe(1);

    const before = await callApi(nodeA, api.fair.acceptedBets, { plan_id: plan, issue });
    expect(before.data).toMatchObject({ built: false, count: null, hash: null, rows: [] });

    for (const at of [timing.closesAt - 60_000, timing.closesAt - 10_000, timing.closesAt, timing.closesAt + LIST_SETTLE_MS, timing.drawsAt]) {
      clock.set(at);
      await tickBoth();
      await tickBoth();
    }

    const posts = await systemPosts(plan);
    expect(posts.map((p) => p.system?.key)).toEqual([
      'chat.round.closing',
      'chat.round.closing',
      'chat.round.closed',
      'chat.round.list',
      'chat.round.draw',
      'chat.round.winners',
    ]);
    for (const p of posts) expect(p).toMatchObject({ nickname: null, mine: false, plan_id: plan });
    expect(posts[0]!.system!.params).toEqual({ issue, seconds: 60 });
    expect(posts[0]!.text).toBe(`Round ${issue}: betting closes in 60 seconds`);
    expect(posts[1]!.system!.params).toEqual({ issue, seconds: 10 });
    expect(posts[2]!.text).toBe(`Round ${issue}: betting is closed`);

    // The list: its count and hash, the rows in order of their orders, found by order number.
    const listed = posts[3]!.system!.params;
    expect(listed).toMatchObject({ game_id: 7, issue, count: 3 });
    const orders = await queryRows<{ order_no: string; user_id: number }>(
      nodeA.db,
      sql`select order_no, user_id from orders where room_id = ${plan} and issue = ${issue} order by id`,
    );
    const list = await fetchList(plan, issue, 1);
    expect(list.pages).toBe(4);
    expect(list.count).toBe(3);
    expect(list.hash).toBe(listed.hash);
    expect(list.rows.map((r) => r.order_no)).toEqual(orders.map((o) => o.order_no));
    expect(list.rows[0]).toEqual({ order_no: orders[0]!.order_no, nickname: 'a***m', class: Number(winning), amount: '20.00' });
    expect(list.rows.slice(1).map((r) => [r.nickname, r.class, r.amount])).toEqual([
      ['b***m', Number(losing), '10.00'],
      ['b***m', Number(losingParity), '10.00'],
    ]);
    expect(acceptedBetsHash({ gameId: 7, issue, roomId: plan }, list.rows)).toBe(listed.hash);
    expect(posts[3]!.text).toBe(`Round ${issue}: 3 bets accepted in this room. SHA-256 of the list: ${String(listed.hash)}`);
    const whole = await fetchList(plan, issue, 500);
    expect(whole).toMatchObject({ rows: list.rows, pages: 1 });

    // The other room has its own list; one list per room was stored, once.
    const otherPosts = await systemPosts(other, 'zh');
    expect(otherPosts.map((p) => p.system?.key)).toEqual(posts.map((p) => p.system?.key));
    const otherList = await fetchList(other, issue, 100);
    expect(otherList.count).toBe(1);
    expect(acceptedBetsHash({ gameId: 7, issue, roomId: other }, otherList.rows)).toBe(otherPosts[3]!.system!.params.hash);
    const stored = await queryRows<{ n: number }>(
      nodeA.db,
      sql`select count(*)::int as n from round_room_lists l join rounds r on r.id = l.round_id where r.game_id = 7 and r.issue = ${issue}`,
    );
    expect(Number(stored[0]!.n)).toBe(
      nodeA.game.snapshot
        .gameList()
        .find((g) => g.id === 7)!
        .rooms.filter((r) => r.enabled).length,
    );

    // The draw and the real winners.
    const round = await callApi(nodeA, api.fair.round, { game_id: 7, issue });
    expect(posts[4]!.system!.params).toMatchObject({ game_id: 7, issue, d1: digits[0], d2: digits[1], d3: digits[2], total: round.data.total });
    expect(String(posts[4]!.system!.params.tags).split(',')).toContain(winning);
    expect(posts[4]!.text).toContain(`Round ${issue} drawn: ${digits[0]} + ${digits[1]} + ${digits[2]} = ${round.data.total!} (`);
    const [paid] = await queryRows<{ payout: number | string }>(nodeA.db, sql`select payout from orders where user_id = ${alice.userId} and issue = ${issue}`);
    const payout = (Number(paid!.payout) / 100).toFixed(2);
    expect(posts[5]!.system!.params).toEqual({ issue, count: 1, winners: `a***m ${payout}` });
    expect(otherPosts[5]!.system!.params.winners).toMatch(/^c\*\*\*m /);

    // Each post reached each node's listeners once.
    const ids = [...posts, ...otherPosts].map((p) => p.id);
    await eventually(() => ids.every((id) => heard.a.some((l) => l.id === id) && heard.b.some((l) => l.id === id)), 'the posts on both nodes');
    for (const seen of [heard.a, heard.b]) expect(seen.filter((l) => ids.includes(l.id))).toHaveLength(ids.length);

    // More ticks post nothing again.
    clock.advance(1_000);
    await tickBoth();
    expect((await systemPosts(plan)).map((p) => p.id)).toEqual(posts.map((p) => p.id));
  });

  it('skips a warning whose moment passed, keeps a list as it was built (a later nickname does not change it) and refuses a bet still in flight once the list is out', async () => {
    const timing = roundAt(clock.now(), nodeA.game.settings);
    await tickBoth();
    const plan = await roomOf(nodeA, 7, 0);
    const dave = await registerUser(nodeA, { username: 'daverhythm' });
    await fund(nodeA, dave.userId, 1_000_00);
    expect((await bet(nodeA, dave.token, { issue: timing.issue, plan_id: plan, play_type: '4', money: '12.5' })).code).toBe(1);
    clock.set(timing.closesAt + LIST_SETTLE_MS);
    await tickBoth();
    // The warnings' moments passed while nobody ticked: skipped, never posted late.
    const posted = (await systemPosts(plan)).filter((p) => p.system?.params.issue === timing.issue);
    expect(posted.map((p) => p.system?.key)).toEqual(['chat.round.closed', 'chat.round.list']);

    const list = await fetchList(plan, timing.issue, 10);
    expect(list.rows).toEqual([expect.objectContaining({ nickname: 'd***m', class: 4, amount: '12.50' })]);
    await nodeA.db.execute(sql`update users set nickname = 'Zed' where id = ${dave.userId}`);
    const again = await fetchList(plan, timing.issue, 10);
    expect(again.rows).toEqual(list.rows);
    const hasher = acceptedBetsHasher({ gameId: 7, issue: timing.issue, roomId: plan });
    hasher.add(again.rows);
    expect(hasher.hex()).toBe(again.hash);

    // A bet that arrived before the close, still in flight when the list was built: refused, not added.
    const late = await nodeB.game
      .placeBets(
        {
          userId: dave.userId,
          gameId: 7,
          roomId: plan,
          issue: timing.issue,
          playTypes: [3],
          amounts: [10_00],
        },
        { receivedAt: timing.closesAt - 1 },
      )
      .then(
        () => 'accepted',
        (err: { key?: string }) => err.key,
      );
    expect(late).toBe('err.betting_closed');
    expect((await fetchList(plan, timing.issue, 10)).rows).toEqual(list.rows);
  });

  it('refuses a bad page or an unknown room or round with a localised message', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const bad = await rawCall(nodeA, api.fair.acceptedBets, { plan_id: plan, issue: '20250601001', limit: 501, lang: 'en' });
    expect(bad).toMatchObject({ code: 0, msg: 'A page holds 1 to 500 bets' });
    const page = await rawCall(nodeA, api.fair.acceptedBets, { plan_id: plan, issue: '20250601001', page: 0, lang: 'vi' });
    expect(page).toMatchObject({ code: 0, msg: 'Số trang phải là số nguyên từ 1 đến 100000' });
    const room = await rawCall(nodeA, api.fair.acceptedBets, { plan_id: 999_999, issue: '20250601001', lang: 'en' });
    expect(room).toMatchObject({ code: 0, msg: 'Room not found' });
    const round = await rawCall(nodeA, api.fair.acceptedBets, { plan_id: plan, issue: '20200101001', lang: 'en' });
    expect(round).toMatchObject({ code: 0, msg: 'Round not found' });
  });
});
