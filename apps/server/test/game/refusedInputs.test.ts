/**
 * Input that would change what the player typed is refused, not rewritten (issue 27 item 4), and the
 * 13/14 rule is visible on the player's own orders (item 3): through the real API, each refusal
 * checked to change nothing.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { settleRound } from '../../src/domain/game/drawAndSettle.js';
import { findRound } from '../../src/domain/game/rounds.js';
import { callApi } from '../helpers.js';
import { balances, bet, checkLedgerInvariants, createGameApp, currentIssue, fundedUser, roomOf } from './kit.js';
import { toleratesBrokenInvariants } from '../invariantsAfterFile.js';

toleratesBrokenInvariants('a round gets a forged result (a total of 13), not the one its committed seed derives', 'I7_result_from_committed_seed');

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 0);
const countRows = async (table: 'orders' | 'pay_accounts', userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`))[0]!.n);

describe('refused, not rewritten', () => {
  it('a card number with letters is refused with the field message and nothing is bound', async () => {
    const u = await fundedUser(app, 0);
    for (const number of ['6222abc020011223', '6222-0202-0011-2233x', 'O222020200112233']) {
      const res = await callApi(app, api.user.setPayInfo, { type: 0, acc: 'Ann Lee', acc_name: number, acc_bank: 'ICBC' }, { token: u.token });
      expect(res, number).toMatchObject({ code: 0, msg: 'The card number must be 12–19 digits', field: 'acc_name' });
    }
    expect((await callApi(app, api.user.payInfo, { type: 0 }, { token: u.token })).data).toBeNull();
    expect(await countRows('pay_accounts', u.userId)).toBe(0);
  });

  it('a stake of -10 is refused, not placed as 10: no order, no debit', async () => {
    const u = await fundedUser(app, 10_000);
    for (const money of ['-10', ' -10 ', '-10.00', '+10', '10abc', '1e1']) {
      const res = await bet(app, u.token, { plan_id: plan, play_type: '3', money });
      expect(res, money).toMatchObject({ code: 0, msg: 'Please enter a valid bet amount', field: 'money' });
    }
    expect(await balances(app, u.userId)).toEqual({ money: 10_000, score: 0 });
    expect(await countRows('orders', u.userId)).toBe(0);
  });

  it('the once-only ID number is checked against its document type; a refused one leaves the field open', async () => {
    const u = await fundedUser(app, 0);
    const t = { token: u.token };
    const refused = [
      [{ idcard: 'abc' }, 'Please enter a valid mainland or Taiwan ID number, or choose the document type'],
      [{ idcard: 'abc', id_type: 'cn' }, 'A mainland ID number is 18 characters: 17 digits and a check digit (0–9 or X) that matches them'],
      [{ idcard: '110101199003071234', id_type: 'cn' }, 'A mainland ID number is 18 characters: 17 digits and a check digit (0–9 or X) that matches them'],
      [{ idcard: 'A123456788', id_type: 'tw' }, 'A Taiwan ID number is a letter and 9 digits whose check digit matches'],
      [{ idcard: 'E12', id_type: 'passport' }, 'A passport number is 5–20 letters or digits'],
      [{ idcard: 'E12 345 678', id_type: 'passport' }, 'A passport number is 5–20 letters or digits'],
      [{ idcard: 'E12345678', id_type: 'driving' }, 'Please choose the document type'],
    ] as const;
    for (const [body, msg] of refused) {
      const res = await callApi(app, api.user.profile, body, t);
      expect(res, JSON.stringify(body)).toMatchObject({ code: 0, msg });
      expect((await callApi(app, api.user.userInfo, {}, t)).data.idcard).toBe('');
    }
    // Stored exactly as the confirmation shows it: letters in capitals.
    expect((await callApi(app, api.user.profile, { idcard: 'a123456789', id_type: 'tw' }, t)).code).toBe(1);
    expect((await callApi(app, api.user.userInfo, {}, t)).data.idcard).toBe('A123456789');
  });
});

describe('the 13/14 rule on the player own orders', () => {
  it('an odd bet that wins on a total of 13 shows its special odds and the odds it was paid at', async () => {
    const u = await fundedUser(app, 10_000);
    const issue = await currentIssue(app);
    expect((await bet(app, u.token, { plan_id: plan, play_type: '3,11,12', money: '10', issue })).code).toBe(1);
    const pending = (await callApi(app, api.user.orderList, { issue }, { token: u.token })).data as Record<string, unknown>[];
    expect(pending.map((o) => [o.play_type, o.odds, o.odds_special, o.applied_odds])).toEqual([
      [12, '4.60', '1.00', null],
      [11, '4.20', null, null],
      [3, '2.00', '1.60', null],
    ]);
    const round = (await findRound(app.db, 7, issue))!;
    await app.db.execute(sql`
      update rounds set numbers = '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20', digit1 = 4, digit2 = 4, digit3 = 5, total = 13, drawn_at = now()
      where id = ${round.id}`);
    await app.db.transaction(async (tx) => settleRound(tx, (await findRound(tx, 7, issue))!, clock.now()));
    const settled = (await callApi(app, api.user.orderList, { issue }, { token: u.token })).data as Record<string, unknown>[];
    // 13 is small and odd: odd pays 1.60 (not 2.00), small-odd its stake back (1.00), big-odd loses.
    expect(settled.map((o) => [o.play_type, o.odds, o.applied_odds, o.payout, o.lottery_code])).toEqual([
      [12, '4.60', '1.00', '10.00', '4 4 5 13'],
      [11, '4.20', null, '0.00', '4 4 5 13'],
      [3, '2.00', '1.60', '16.00', '4 4 5 13'],
    ]);
    await checkLedgerInvariants(app.db);
  });
});
