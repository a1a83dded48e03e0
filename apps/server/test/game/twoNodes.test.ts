/**
 * Two server nodes on one database (docs/design.md#games-rounds-and-provably-fair-draws, #real-time-and-scale). On PostgreSQL (TEST_DATABASE_URL) the two apps
 * have separate connection pools, as two processes would; on PGlite they are two app instances with
 * their own engines and schedulers sharing the one embedded database. Both tick at the same moments;
 * the per-game advisory lock and the row checks must give exactly one draw per round and one payout
 * per winning order, and each node must see the other's bets and draws without polling the database.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { CHANNEL, type GameEvent } from '../../src/live/events.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { registerUser, callApi, gameHeart, roomHeart } from '../helpers.js';
import { checkLedgerInvariants, comingDraw, fund, roomOf, ROUND_MS, T0 } from './kit.js';
import { startTwoNodes } from './twoDatabases.js';

const clock = new ManualClock(T0 + 5_000);
const { nodeA, nodeB, close } = await startTwoNodes('lucky28_t2', { clock });
afterAll(close);
await Promise.all([nodeA.game.init(), nodeB.game.init()]);

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('two server nodes on one database', () => {
  it('create one round each, draw each round once and pay each winning order once', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const players: { node: FastifyInstance; token: string; userId: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      const user = await registerUser(node);
      await fund(node, user.userId, 1_000_00);
      players.push({ node, token: user.token, userId: user.userId });
    }

    const rounds = 5;
    for (let r = 0; r < rounds; r++) {
      await Promise.all([nodeA.game.scheduler.tick(), nodeB.game.scheduler.tick()]);
      const issue = roundAt(clock.now(), nodeA.game.settings).issue;
      await Promise.all(
        players.map((p, i) =>
          callApi(
            p.node,
            api.lottery.playOrder,
            { issue, game_id: 7, plan_id: plan, play_type: ['1', '2', '3,4', '11,12,13,14', '33', '100,113,127'][i], money: '10' },
            { token: p.token },
          ),
        ),
      );
      clock.advance(ROUND_MS);
      await Promise.all([nodeA.game.scheduler.tick(), nodeB.game.scheduler.tick()]);
    }

    const drawnRounds = await queryRows<{ n: number }>(nodeA.db, sql`select count(*)::int as n from rounds where drawn_at is not null`);
    expect(Number(drawnRounds[0]!.n)).toBe(rounds * 5);
    // Each round was drawn by exactly one node.
    expect(nodeA.game.scheduler.stats.drawn + nodeB.game.scheduler.stats.drawn).toBe(rounds * 5);
    // One row per (game, issue), each created once.
    const created = nodeA.game.scheduler.stats.created + nodeB.game.scheduler.stats.created;
    const all = await queryRows<{ n: number }>(nodeA.db, sql`select count(*)::int as n from rounds`);
    expect(created).toBe(Number(all[0]!.n));

    const perRound = await queryRows<Record<string, unknown>>(
      nodeA.db,
      sql`
      select r.id,
        (select count(*) from orders o where o.round_id = r.id) as orders,
        (select count(*) from orders o where o.round_id = r.id and o.status = 1) as settled,
        (select count(*) from orders o where o.round_id = r.id and o.payout > 0) as winners,
        (select count(*) from ledger l join orders o on o.id = l.ref_id where l.ref_type = 'order' and l.type = 3 and o.round_id = r.id) as credits
      from rounds r where r.drawn_at is not null`,
    );
    const totalOrders = perRound.reduce((s, r) => s + Number(r.orders), 0);
    expect(totalOrders).toBe(rounds * 12);
    for (const r of perRound) {
      expect(Number(r.settled)).toBe(Number(r.orders));
      expect(Number(r.credits)).toBe(Number(r.winners));
    }
    await checkLedgerInvariants(nodeA.db);
  });

  it('fan out bets and draws to the other node (LISTEN/NOTIFY), so either node serves the heart', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const user = await registerUser(nodeA);
    await fund(nodeA, user.userId, 100_00);
    await Promise.all([nodeA.game.scheduler.tick(), nodeB.game.scheduler.tick()]);
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const placed = await callApi(nodeA, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: '21', money: '12.34' }, { token: user.token });
    expect(placed.code).toBe(1);
    await eventually(async () => {
      const heart = await callApi(nodeB, api.lottery.heart, { game_id: 7, plan_id: plan });
      return roomHeart(heart.data).message.some(
        (m: { quantity: string; play_type: number; issue: string }) => m.quantity === '12.34' && m.play_type === 21 && m.issue === issue,
      );
    }, 'the bet to reach node B');
    expect(gameHeart((await callApi(nodeB, api.lottery.heart, { game_id: 7 })).data).order_count).toBe(1);

    clock.advance(ROUND_MS);
    await nodeA.game.scheduler.tick(); // only A ticks: B must learn of the draw from A
    await eventually(
      async () => gameHeart((await callApi(nodeB, api.lottery.heart, { game_id: 7 })).data).last_issue?.issue === issue,
      'the draw to reach node B',
    );
  });

  it('a bet heard twice (by a resync, then by its late notification) is counted and pushed once', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const user = await registerUser(nodeA);
    await fund(nodeA, user.userId, 100_00);
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const pushed: number[] = [];
    let configs = 0;
    const off = nodeB.game.changes.on((c) => {
      if (c.type === 'bets') pushed.push(...c.entries.map((e) => e.orderId));
      if (c.type === 'config') configs++;
    });
    try {
      const before = nodeB.game.snapshot.betsInRound(7, issue);
      const placed = await callApi(nodeA, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: '2', money: '11' }, { token: user.token });
      expect(placed.code).toBe(1);
      const [order] = await queryRows<{ id: number }>(nodeA.db, sql`select id from orders where user_id = ${user.userId}`);
      const orderId = Number(order!.id);
      await eventually(async () => pushed.includes(orderId), 'the bet to reach node B');
      await nodeB.game.resync();
      // The same bet's notification once more, as when it arrives after a resync read the bet; then a
      // configuration event, which node B handles after it (notifications arrive in order).
      const entry = nodeB.game.snapshot.feed(plan).find((e) => e.orderId === orderId)!;
      const event: GameEvent = { type: 'bet', gameId: 7, roomId: plan, issue, entries: [{ ...entry, nickname: 'late' }] };
      const seenConfigs = configs;
      await nodeA.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ origin: nodeA.game.events.nodeId, events: [event, { type: 'config' }] })})`);
      await eventually(async () => configs > seenConfigs, 'the notification to be handled');
      expect(pushed.filter((id) => id === orderId)).toHaveLength(1);
      expect(nodeB.game.snapshot.betsInRound(7, issue)).toBe(before + 1);
    } finally {
      off();
    }
  });

  it('a node whose listening connection is cut listens again and catches up what it missed: draw, wins, bets, counters, configuration', async () => {
    const plan = await roomOf(nodeA, 7, 0);
    const other = await roomOf(nodeA, 7, 1);
    const user = await registerUser(nodeA);
    await fund(nodeA, user.userId, 1_000_00);
    const events = nodeB.game.events;
    await Promise.all([nodeA.game.scheduler.tick(), nodeB.game.scheduler.tick()]);
    const missedIssue = roundAt(clock.now(), nodeA.game.settings).issue;
    const cutPid = events.listenerPid;

    // B's first retry is slow here, so that A's bet, draw and configuration change happen while B does not listen.
    events.timing.retryFirstMs = 6_000;
    if (nodeB.database.kind === 'postgres') {
      const [backend] = await queryRows<{ application_name: string }>(nodeA.db, sql`select application_name from pg_stat_activity where pid = ${cutPid!}`);
      expect(backend?.application_name).toBe(`lucky28-listen-${events.nodeId}`);
      await nodeA.db.execute(sql`select pg_terminate_backend(${cutPid!})`);
    } else {
      events.dropListener(); // PGlite listens inside the process: dropped the way a lost connection is
    }
    await eventually(async () => !events.listening, 'node B to notice its listener is gone');

    const sums = Array.from({ length: 28 }, (_, n) => 100 + n).join(',');
    expect(
      (await callApi(nodeA, api.lottery.playOrder, { issue: missedIssue, game_id: 7, plan_id: plan, play_type: sums, money: '10' }, { token: user.token }))
        .code,
    ).toBe(1);
    // A win the ticker announces whatever the draw: the exact sum the committed seed will draw (every
    // sum at once nets a loss on most totals, and the ticker announces a round's net result only).
    const lucky = await registerUser(nodeA);
    await fund(nodeA, lucky.userId, 100_00);
    const coming = await comingDraw(nodeA, missedIssue);
    const luckyBet = { issue: missedIssue, game_id: 7, plan_id: plan, play_type: String(100 + coming.total), money: '10' };
    expect((await callApi(nodeA, api.lottery.playOrder, luckyBet, { token: lucky.token })).code).toBe(1);
    clock.advance(ROUND_MS);
    await nodeA.game.scheduler.tick();
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    expect((await callApi(nodeA, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: '1,2', money: '10' }, { token: user.token })).code).toBe(
      1,
    );
    await nodeA.db.transaction(async (tx) => {
      await tx.execute(sql`update rooms set min_limit = min_limit + 100 where id = ${other}`);
      await nodeA.game.events.publish(tx, { type: 'config' });
    });
    await nodeA.game.reloadConfig(); // as the operators' route does on its own node
    // What follows proves a catch-up only if all of the above happened while B was not listening.
    expect(events.listening).toBe(false);

    const [win] = await queryRows<{ profit: number }>(
      nodeA.db,
      sql`
      select sum(o.profit)::bigint as profit from orders o join rounds r on r.id = o.round_id
      where r.game_id = 7 and r.issue = ${missedIssue} and o.user_id = ${lucky.userId}`,
    );
    const minLimit = async (node: FastifyInstance) =>
      (await callApi(node, api.lottery.index, { game_id: 7 })).data.gameList[0]!.planList.find((p: { id: number }) => p.id === other)?.min_limit;
    const wanted = { lastIssue: missedIssue, orderCount: 2, feed: 31, minLimit: await minLimit(nodeA), win: true };
    const seenOnB = async () => {
      const heart = await callApi(nodeB, api.lottery.heart, { game_id: 7, plan_id: plan });
      return {
        lastIssue: roomHeart(heart.data).last_issue?.issue,
        orderCount: roomHeart(heart.data).order_count,
        feed: roomHeart(heart.data).message.filter(
          (m: { issue: string; quantity: string }) => (m.issue === missedIssue || m.issue === issue) && m.quantity === '10.00',
        ).length,
        minLimit: await minLimit(nodeB),
        win: heart.data.hit_notice.some((h: { profit: string }) => Number(h.profit) * 100 === Number(win!.profit)),
      };
    };
    // Its first retry comes 3 to 6 s after the loss; then 5 s to catch up.
    await eventually(async () => JSON.stringify(await seenOnB()) === JSON.stringify(wanted), 'node B to catch up', 11_000).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify(await seenOnB())}, wanted ${JSON.stringify(wanted)}`);
    });
    expect(events.listening).toBe(true);
    if (nodeB.database.kind === 'postgres') expect(events.listenerPid).not.toBe(cutPid);

    // Listening again: A's next bet and draw reach B as they happen.
    expect(
      (await callApi(nodeA, api.lottery.playOrder, { issue, game_id: 7, plan_id: plan, play_type: '21', money: '12.34' }, { token: user.token })).code,
    ).toBe(1);
    await eventually(
      async () => roomHeart((await callApi(nodeB, api.lottery.heart, { game_id: 7, plan_id: plan })).data).order_count === 3,
      'the next bet to reach node B',
    );
    clock.advance(ROUND_MS);
    await nodeA.game.scheduler.tick();
    await eventually(
      async () => gameHeart((await callApi(nodeB, api.lottery.heart, { game_id: 7 })).data).last_issue?.issue === issue,
      'the next draw to reach node B',
    );
    await nodeA.db.execute(sql`update rooms set min_limit = min_limit - 100 where id = ${other}`);
    await Promise.all([nodeA.game.reloadConfig(), nodeB.game.reloadConfig()]);
  });
});
