/**
 * The winners ticker tells the truth: a player is announced once per round with their net result —
 * every order of theirs in that round, in every room of the game — and only when it is positive. A
 * hedge of big and small announces nothing, even across two rooms; two winning bets of +50 and +60
 * are one "110.00"; a win of +50 beside a loss of 20 is "30.00". Node A settles the round (the
 * settlement's own answer), node B learns of it from the database (its catch-up query): both say the
 * same in the heart (home and room) and in node B's live stream. The round's result is known before
 * the bets (the test derives it from the committed seed), so the bets are made to net exactly that.
 */
import { api } from '@lucky28/shared/api';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { BetClass, SUM_CLASS_BASE, classWins } from '@lucky28/shared';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { maskNickname } from '../../src/present.js';
import { registerUser, callApi, gameHeart, homeHeart } from '../helpers.js';
import { comingDraw, fund, roomOf, ROUND_MS, T0 } from './kit.js';
import { openStream } from './streamClient.js';
import { startTwoNodes } from './twoDatabases.js';

const clock = new ManualClock(T0 + 5_000);
const { nodeA, nodeB, close } = await startTwoNodes('lucky28_wn', { clock, checkAnswers: true });
await Promise.all([nodeA.game.init(), nodeB.game.init()]);
await nodeB.listen({ port: 0, host: '127.0.0.1' });
const PORT = (nodeB.server.address() as AddressInfo).port;
afterAll(close);

/** A funded member whose masked nickname is its own (`k***k`): the test tells the notices apart. */
async function bettor(node: FastifyInstance, letter: string) {
  const user = await registerUser(node, { username: `${letter}${String(Date.now()).slice(-7)}${letter}` });
  await fund(node, user.userId, 2_000_00);
  return user;
}

const place = async (node: FastifyInstance, token: string, planId: number, issue: string, playType: number, money: number) => {
  const res = await callApi(node, api.lottery.playOrder, { issue, plan_id: planId, game_id: 7, play_type: String(playType), money: String(money) }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
};

interface Notice {
  nickname: string;
  game_id: number;
  game_name: string;
  profit: string;
}

const heartNotices = async (node: FastifyInstance, body: Record<string, unknown>): Promise<{ last: string | undefined; notices: Notice[] }> => {
  const res = await callApi(node, api.lottery.heart, body, { lang: 'en' });
  const last = body.game_id
    ? gameHeart(res.data).last_issue?.issue
    : homeHeart(res.data).games.find((g: { game_id: number }) => g.game_id === 7)?.last_issue?.issue;
  return { last, notices: res.data.hit_notice };
};

describe('the winners ticker', () => {
  it("announces each player's net result of the round across their orders and rooms, only when positive, on both nodes", async () => {
    const beginner = await roomOf(nodeA, 7, 0);
    const intermediate = await roomOf(nodeA, 7, 1);
    await nodeA.game.scheduler.tick();
    const issue = roundAt(clock.now(), nodeA.game.settings).issue;
    const { digits, total } = await comingDraw(nodeA, issue);
    const middle = total === 13 || total === 14; // big/small/odd/even pay 1.60 instead of 2.00
    const size = classWins(BetClass.BIG, digits) ? { win: BetClass.BIG, lose: BetClass.SMALL } : { win: BetClass.SMALL, lose: BetClass.BIG };
    const parity = classWins(BetClass.ODD, digits) ? BetClass.ODD : BetClass.EVEN;

    const [hedger, twoWins, winAndLoss, loser] = [await bettor(nodeA, 'h'), await bettor(nodeA, 't'), await bettor(nodeA, 'w'), await bettor(nodeA, 'l')];
    // Big and small for 50 each, one in each room: the round nets 0 (or less on 13/14).
    await place(nodeA, hedger.token, beginner, issue, BetClass.BIG, 50);
    await place(nodeA, hedger.token, intermediate, issue, BetClass.SMALL, 50);
    if (!middle) {
      // +50 and +60 in two rooms: +110.
      await place(nodeA, twoWins.token, beginner, issue, size.win, 50);
      await place(nodeA, twoWins.token, intermediate, issue, parity, 60);
      // +50 and −20: +30.
      await place(nodeA, winAndLoss.token, beginner, issue, size.win, 50);
      await place(nodeA, winAndLoss.token, beginner, issue, size.lose, 20);
    } else {
      // The exact sum at 12.00 (+110), the winning size at 1.60 (+30) and the losing one (−30): +110.
      await place(nodeA, twoWins.token, beginner, issue, SUM_CLASS_BASE + total, 10);
      await place(nodeA, twoWins.token, beginner, issue, size.win, 50);
      await place(nodeA, twoWins.token, intermediate, issue, size.lose, 30);
      // +60 at 1.60 and −30: +30.
      await place(nodeA, winAndLoss.token, beginner, issue, size.win, 100);
      await place(nodeA, winAndLoss.token, beginner, issue, size.lose, 30);
    }
    await place(nodeA, loser.token, beginner, issue, size.lose, 40);

    const home = await openStream(`http://127.0.0.1:${PORT}/api/Lottery/stream?lang=en`);
    try {
      await home.next((e) => e.event === 'heart');
      const from = home.events.length;
      clock.advance(ROUND_MS);
      await nodeA.game.scheduler.tick(); // only A draws: B learns of it from the database
      const [mine] = await queryRows<{ n: number }>(nodeA.db, sql`select count(*)::int as n from orders where issue = ${issue} and status = 1`);
      expect(Number(mine!.n)).toBe(middle ? 8 : 7);

      const wanted = [
        { nickname: maskNickname(twoWins.username), game_id: 7, game_name: 'American 28', profit: '110.00' },
        { nickname: maskNickname(winAndLoss.username), game_id: 7, game_name: 'American 28', profit: '30.00' },
      ];
      // Node A: the settlement's answer, in the home cards' heart and the room's.
      for (const body of [{}, { game_id: 7, plan_id: beginner }, { game_id: 7, plan_id: intermediate }]) {
        const seen = await heartNotices(nodeA, body);
        expect(seen.last).toBe(issue);
        expect(seen.notices).toEqual(wanted);
      }
      // Node B: from the database, in the heart and pushed on the home stream.
      const drawn = await home.next((e) => e.event === 'heart' && e.data.games.find((g: { game_id: number }) => g.game_id === 7)?.last_issue?.issue === issue, {
        from,
        timeoutMs: 15_000,
      });
      expect(drawn.data.hit_notice).toEqual(wanted);
      for (const body of [{}, { game_id: 7, plan_id: intermediate }]) expect((await heartNotices(nodeB, body)).notices).toEqual(wanted);
      for (const quiet of [hedger, loser]) expect(JSON.stringify(drawn.data.hit_notice)).not.toContain(maskNickname(quiet.username));
    } finally {
      home.close();
    }
  });
});
