/**
 * Lottery/playOrder's list form (`bets`: each class with its own stake): placed on both write paths
 * (the one statement for a plain player, the general transaction for one with a limit), accepted or
 * refused as a whole, applied once under an Idempotency-Key; the spec's single-stake form unchanged.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { saveLimit } from '../../src/domain/protection/limits.js';
import { defaultRateLimits } from '../../src/plugins/rateLimits.js';
import { rawCall } from '../helpers.js';
import { balances, checkLedgerInvariants, createGameApp, currentIssue, fund, fundedUser, roomOf } from './kit.js';

const { app, clock } = await createGameApp({ rateLimits: { ...defaultRateLimits, bet: false } });
const plan = await roomOf(app, 7, 0);

async function betList(token: string, body: Record<string, unknown>, key?: string) {
  const issue = await currentIssue(app);
  return rawCall(app, api.lottery.playOrder, { plan_id: plan, game_id: 7, issue, ...body }, { token, idempotencyKey: key });
}

const ordersOf = async (userId: number) =>
  (
    await queryRows<Record<string, unknown>>(app.db, sql`select play_type, amount, from_money, from_score from orders where user_id = ${userId} order by id`)
  ).map((o) => [Number(o.play_type), Number(o.amount), Number(o.from_money), Number(o.from_score)]);

const ledgerOf = async (userId: number) =>
  (await queryRows<Record<string, unknown>>(app.db, sql`select wallet, quantity, over from ledger where user_id = ${userId} and type = 2 order by id`)).map(
    (l) => [l.wallet, Number(l.quantity), Number(l.over)],
  );

describe('Lottery/playOrder, the list form', () => {
  for (const path of ['one statement', 'general transaction'] as const) {
    it(`places each class at its own stake, balance first then stored funds (${path})`, async () => {
      const user = await fundedUser(app, 120_00); // 120.00 money
      await fund(app, user.userId, 50_00, 'score'); // 50.00 score
      // A limit far above the bet sends it through the general transaction.
      if (path === 'general transaction') await saveLimit(app.db, { userId: user.userId, kind: 'stake', period: 'day', value: 1_000_000, now: clock.now() });
      const res = await betList(user.token, {
        bets: [
          { play_type: 1, money: '100' },
          { play_type: 14, money: '50' },
          { play_type: 113, money: '12.5' },
        ],
      });
      expect(res.msg).toBe('Bet placed');
      expect(res.data).toMatchObject({ play_type: '1,14,113', quantity: '162.50', after_quantity: '7.50' });
      expect(res.data.orders.map((o: { quantity: string }) => o.quantity)).toEqual(['100.00', '50.00', '12.50']);
      expect(await ordersOf(user.userId)).toEqual([
        [1, 100_00, 100_00, 0],
        [14, 50_00, 20_00, 30_00],
        [113, 12_50, 0, 12_50],
      ]);
      expect(await ledgerOf(user.userId)).toEqual([
        ['money', -100_00, 70_00],
        ['money', -20_00, 50_00],
        ['score', -30_00, 20_00],
        ['score', -12_50, 7_50],
      ]);
      expect(await balances(app, user.userId)).toEqual({ money: 0, score: 7_50 });
      await checkLedgerInvariants(app.db);
    });
  }

  it('refuses the whole slip when one bet is out of range or the total is not covered, writing nothing', async () => {
    const user = await fundedUser(app, 100_00);
    const outOfRange = await betList(user.token, {
      bets: [
        { play_type: 1, money: '10' },
        { play_type: 2, money: '0.5' },
      ],
    });
    expect(outOfRange).toMatchObject({ code: 0, field: 'money' });
    expect(outOfRange.msg).toMatch(/^Each bet must be between/);
    const tooMuch = await betList(user.token, {
      bets: [
        { play_type: 1, money: '60' },
        { play_type: 2, money: '50' },
      ],
    });
    expect(tooMuch.msg).toBe('Insufficient balance, please deposit first');
    expect(await ordersOf(user.userId)).toEqual([]);
    expect(await balances(app, user.userId)).toEqual({ money: 100_00, score: 0 });
  });

  it('refuses a malformed list with the field and a message, before anything is read', async () => {
    const user = await fundedUser(app, 100_00);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        {
          bets: [
            { play_type: 1, money: '10' },
            { play_type: 1, money: '20' },
          ],
        },
        'bets',
        'Each bet can be chosen only once in one order',
      ],
      [{ bets: [{ play_type: 1, money: '10' }], play_type: '2', money: '10' }, 'bets', 'Send either the classes with one stake, or the list of bets, not both'],
      [{ bets: [] }, 'bets', 'Please select a bet'],
      [{ bets: [{ play_type: 1, money: '0' }] }, 'bets', 'Please enter a valid bet amount'],
      [{ bets: Array.from({ length: 200 }, (_, i) => ({ play_type: i, money: '1' })) }, 'bets', 'This bet is not available in this room'],
      [{ play_type: '1', money: '10', source: 'robot' }, 'source', 'Unknown bet source'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await betList(user.token, body);
      expect([res.code, res.field, res.msg], JSON.stringify(body).slice(0, 80)).toEqual([0, field, msg]);
    }
    expect(await ordersOf(user.userId)).toEqual([]);
  });

  it('applies a slip retried with its Idempotency-Key once, at once or later, and refuses the key for another slip', async () => {
    const user = await fundedUser(app, 100_00);
    const slip = {
      bets: [
        { play_type: 1, money: '10' },
        { play_type: 2, money: '20' },
      ],
      source: 'chat',
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => betList(user.token, slip, 'slip-retry-1')));
    expect(answers.every((r) => r.code === 1)).toBe(true);
    expect(new Set(answers.map((r) => r.data.orders.map((o: { order_no: string }) => o.order_no).join()))).toHaveProperty('size', 1);
    const later = await betList(user.token, slip, 'slip-retry-1');
    expect(later.data).toEqual(answers[0]!.data);
    const other = await betList(user.token, { bets: [{ play_type: 1, money: '11' }] }, 'slip-retry-1');
    expect(other.msg).toBe('This Idempotency-Key was already used for a different request');
    expect(await ordersOf(user.userId)).toEqual([
      [1, 10_00, 10_00, 0],
      [2, 20_00, 20_00, 0],
    ]);
    await checkLedgerInvariants(app.db);
  });

  it('keeps the single-stake form: every class at `money`', async () => {
    const user = await fundedUser(app, 100_00);
    const res = await betList(user.token, { play_type: '3,4', money: '10' });
    expect(res.data).toMatchObject({ play_type: '3,4', quantity: '20.00', after_quantity: '80.00' });
    expect(await ordersOf(user.userId)).toEqual([
      [3, 10_00, 10_00, 0],
      [4, 10_00, 10_00, 0],
    ]);
  });
});
