/** Daily check-in: one claim per operator-day, a 7-day streak that starts again after a missed day, paid to stored funds. */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { callApi } from '../helpers.js';
import { balanceOf } from '../wallet/fixtures.js';
import { CHECK_IN_TERMS, cardOf, claim, createCampaign, createRewardsApp, laterDays, player } from './kit.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'check_in', CHECK_IN_TERMS);

describe('daily check-in', () => {
  it('pays day 1, 2, 3 on consecutive days, once a day; a missed day starts the streak again', async () => {
    const p = await player(r);
    let card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'available', claimable: '1.00', check_in: { streak: 0, today_done: false, next_day: 1 } });
    expect(card.check_in!.rewards).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00', '6.00', '10.00']);

    const first = await claim(r, p.token, campaign);
    expect(first).toMatchObject({
      code: 1,
      msg: 'Reward claimed',
      data: { paid: '1.00', card: { state: 'claimed', check_in: { streak: 1, today_done: true } } },
    });
    // A second tap the same day pays nothing.
    const again = await claim(r, p.token, campaign);
    expect([again.code, again.msg]).toEqual([0, 'This reward has already been claimed']);
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 100 });
    // The fund details list the reward with its campaign, by its own type.
    const ledger = await callApi(r.app, api.wallet.quantityLogList, { type: 8 }, { token: p.token });
    expect(ledger.data.map((row: Record<string, unknown>) => [row.type, row.wallet, row.quantity, row.memo])).toEqual([[8, 'score', '1.00', 'Daily check-in']]);

    for (const [day, reward] of [
      [2, 200],
      [3, 300],
    ] as const) {
      await laterDays(r, 1);
      await p.relogin();
      card = await cardOf(r, p.token, campaign);
      expect(card.check_in).toMatchObject({ streak: day - 1, next_day: day, today_done: false });
      expect((await claim(r, p.token, campaign)).data.paid).toBe((reward / 100).toFixed(2));
    }
    expect((await balanceOf(r.app, p.userId)).score).toBe(600);

    // Two days later (a day missed): day 1 again.
    await laterDays(r, 2);
    await p.relogin();
    card = await cardOf(r, p.token, campaign);
    expect(card.check_in).toMatchObject({ streak: 0, next_day: 1 });
    expect((await claim(r, p.token, campaign)).data.paid).toBe('1.00');
    expect((await balanceOf(r.app, p.userId)).score).toBe(700);
  });
});
