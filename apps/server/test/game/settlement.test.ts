/**
 * The set-based settlement SQL against the shared rules, for every class, on the totals and digit
 * patterns of the spec (0, 5, 6, 13, 14, 21, 22, 27; 8-9-0, 9-0-1, 0-0-0), with a stake that makes
 * the rounding visible. The shared rules themselves are checked against hand-written expectations
 * in packages/shared/src/game/settlement.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, DEFAULT_ODDS, settleOrder, type Digits } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { settleRound } from '../../src/domain/game/drawAndSettle.js';
import { nextRoundAfter, roundAt } from '../../src/domain/game/roundClock.js';
import { ensureRound, findRound } from '../../src/domain/game/rounds.js';
import { registerUser } from '../helpers.js';
import { toleratesBrokenInvariants } from '../invariantsAfterFile.js';
import { balances, checkLedgerInvariants, createGameApp, fund, roomOf } from './kit.js';

toleratesBrokenInvariants('each round gets a forged result (the digits under test), not the one its committed seed derives', 'I7_result_from_committed_seed');
const { app, clock } = await createGameApp();
const STAKE = 1001; // 10.01: 1.6x pays 16.01 (16.016 rounded down)

const CASES: Digits[] = [
  [0, 0, 0], // total 0, triple
  [0, 2, 3], // 5
  [1, 2, 3], // 6, straight
  [4, 4, 5], // 13, pair
  [3, 5, 6], // 14
  [6, 7, 8], // 21, straight
  [9, 4, 9], // 22, pair
  [9, 9, 9], // 27, triple
  [8, 9, 0], // 17, straight wrapping
  [9, 0, 1], // 10, straight wrapping
];

describe('settlement SQL = shared rules, for every class', () => {
  let timing = roundAt(clock.now() + 100 * 210_000, app.game.settings);

  for (const digits of CASES) {
    it(`digits ${digits.join('-')}`, async () => {
      const user = await registerUser(app);
      await fund(app, user.userId, 5_000 + BET_CLASS_IDS.length * STAKE);
      const roomId = await roomOf(app);
      const { round } = await app.db.transaction((tx) => ensureRound(tx, 7, timing, app.game.seeds, { ...app.game.chain, now: clock.now() }));
      timing = nextRoundAfter(timing, app.game.settings);
      // One order of every class, placed when the round opened and debited as a bet is (type-2 rows with the running balance).
      await app.db.execute(sql`
        insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_money, odds, odds_special, status, created_at)
        select 'T' || ${round.id}::text || '-' || c::text, ${user.userId}, ${roomId}, 7, ${round.id}, ${round.issue}, c, ${STAKE}, ${STAKE},
               o.odds, o.special, 0, ${new Date(round.opensAt).toISOString()}
        from unnest(${sql.raw(`array[${BET_CLASS_IDS.join(',')}]`)}::int[], ${sql.raw(`array[${BET_CLASS_IDS.map((id) => DEFAULT_ODDS.get(id)!.odds).join(',')}]`)}::int[],
                    ${sql.raw(`array[${BET_CLASS_IDS.map((id) => DEFAULT_ODDS.get(id)!.oddsSpecial ?? 'null').join(',')}]`)}::int[])
             as o(c, odds, special)`);
      await app.db.execute(sql`
        with u as (select money + score as before from users where id = ${user.userId})
        insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id)
        select ${user.userId}, 2, 1, 'money', -o.amount, true, u.before - sum(o.amount) over (order by o.id), 7, 'order', o.id
        from orders o, u where o.round_id = ${round.id}`);
      await app.db.execute(sql`update users set money = money - ${BET_CLASS_IDS.length * STAKE} where id = ${user.userId}`);
      const total = digits[0] + digits[1] + digits[2];
      await app.db.execute(sql`
        update rounds set seed = ${'00'.repeat(32)}, numbers = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20',
          digit1 = ${digits[0]}, digit2 = ${digits[1]}, digit3 = ${digits[2]}, total = ${total}, drawn_at = now()
        where id = ${round.id}`);
      const drawn = (await findRound(app.db, 7, round.issue))!;
      const before = await balances(app, user.userId);

      const first = await app.db.transaction((tx) => settleRound(tx, drawn, clock.now()));
      expect(first.count).toBe(41);
      // Exactly once: a second settlement finds nothing open.
      const second = await app.db.transaction((tx) => settleRound(tx, drawn, clock.now()));
      expect(second.count).toBe(0);

      const orders = await queryRows<Record<string, unknown>>(
        app.db,
        sql`
        select id, play_type, status, whether_hit, payout, profit from orders where round_id = ${round.id} order by play_type`,
      );
      let expectedPaid = 0;
      for (const o of orders) {
        const id = Number(o.play_type);
        const odds = DEFAULT_ODDS.get(id)!;
        const want = settleOrder({ playType: id, amount: STAKE, odds: odds.odds, oddsSpecial: odds.oddsSpecial }, digits);
        expect({ id, status: Number(o.status), hit: Number(o.whether_hit), payout: Number(o.payout), profit: Number(o.profit) }).toEqual({
          id,
          status: 1,
          hit: want.whetherHit,
          payout: want.payout,
          profit: want.profit,
        });
        expectedPaid += want.payout;
      }
      const ledger = await queryRows<Record<string, unknown>>(
        app.db,
        sql`
        select l.quantity, l.ref_id, l.type, l.wallet, l.gorct, o.payout from ledger l join orders o on o.id = l.ref_id
        where l.ref_type = 'order' and l.type <> 2 and o.round_id = ${round.id}`,
      );
      expect(ledger.every((l) => Number(l.type) === 3 && l.wallet === 'money' && Number(l.gorct) === 7)).toBe(true);
      expect(ledger.every((l) => Number(l.quantity) === Number(l.payout))).toBe(true);
      expect(ledger).toHaveLength(orders.filter((o) => Number(o.payout) > 0).length);
      const after = await balances(app, user.userId);
      expect(after.money - before.money).toBe(expectedPaid);
      expect(first.balances.get(user.userId)).toBe(after.money + after.score);
      await checkLedgerInvariants(app.db);
    });
  }
});
