/**
 * Rakeback: a share of the house edge of the player's own settled stakes, accrued per operator-day
 * (rounded down once per player-day), claimable from the next day for 7 days, then lapsed; the rate
 * of the player's tier by their stakes over 30 days. Ending the campaign takes no accrued day away:
 * each stays listed and claimable for its 7 days.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EVEN_MONEY_PAID, houseEdgeScaled } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { balanceOf, gift } from '../wallet/fixtures.js';
import { RAKEBACK_TERMS, cardOf, claim, createCampaign, createRewardsApp, laterDays, player, rewardList, settledBet } from './kit.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'rakeback', RAKEBACK_TERMS);

/** The edge of the player's settled orders (cents × EVEN_MONEY_PAID), by the shared JavaScript formula. */
async function edgeOf(userId: number): Promise<number> {
  const orders = await queryRows<Record<string, unknown>>(
    r.app.db,
    sql`select play_type, amount, odds, odds_special from orders where user_id = ${userId} and status = 1`,
  );
  return orders.reduce(
    (sum, o) =>
      sum +
      houseEdgeScaled({
        playType: Number(o.play_type),
        amount: Number(o.amount),
        odds: Number(o.odds),
        oddsSpecial: o.odds_special === null ? null : Number(o.odds_special),
      }),
    0,
  );
}

describe('rakeback', () => {
  it("accrues today, is claimable tomorrow (the edge × the tier's rate, rounded down once), and pays once", async () => {
    const p = await player(r);
    await gift(r.app, p.userId, 100_000);
    // A hedged pair (big and small) earns its two stakes' edges, no more; its tier counts only what it risked:
    // 200 staked, 160 paid back on the worst total (13 or 14 at 1.60), so 40 — with the 33 on odd, 73.
    await settledBet(r, p.token, '1,2', '100');
    await settledBet(r, p.token, '3', '33');
    const edge = await edgeOf(p.userId);
    const expected = Math.floor((edge * 1000) / (EVEN_MONEY_PAID * 10_000));
    expect(expected).toBeGreaterThan(0);
    let card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'in_progress', claimable: '0.00', rakeback: { tier: 0, stakes_30d: '73.00', today: (expected / 100).toFixed(2) } });
    expect(card.rakeback!.tiers).toEqual([
      { name: 'Bronze', min_stake: '0.00', rate_bp: 1000 },
      { name: 'Silver', min_stake: '1000.00', rate_bp: 2000 },
    ]);
    expect((await claim(r, p.token, campaign)).msg).toBe('There is nothing to claim yet');

    await laterDays(r, 1);
    await p.relogin();
    card = await cardOf(r, p.token, campaign);
    const day = card.rakeback!.days[0];
    expect(card).toMatchObject({ state: 'available', claimable: (expected / 100).toFixed(2) });
    expect(day).toMatchObject({ amount: (expected / 100).toFixed(2), state: 'available' });
    const money = (await balanceOf(r.app, p.userId)).money;
    const paid = await claim(r, p.token, campaign);
    expect(paid).toMatchObject({ code: 1, data: { paid: (expected / 100).toFixed(2), card: { state: 'claimed' } } });
    expect((await balanceOf(r.app, p.userId)).money).toBe(money + expected);
    expect((await claim(r, p.token, campaign)).msg).toBe('This reward has already been claimed');
  });

  it('lapses after 7 days unclaimed, and says so on the card', async () => {
    const p = await player(r);
    await gift(r.app, p.userId, 100_000);
    await settledBet(r, p.token, '1', '500');
    const money = (await balanceOf(r.app, p.userId)).money;
    await laterDays(r, 7);
    await p.relogin();
    let card = await cardOf(r, p.token, campaign);
    expect(card.state).toBe('available');
    const day = card.rakeback!.days.find((d: { state: string }) => d.state === 'available');
    expect(day!.lapses_on).toBe(card.rakeback!.days[0]!.lapses_on);
    await laterDays(r, 1);
    await p.relogin();
    card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'expired', claimable: '0.00' });
    expect(card.rakeback!.days).toEqual([expect.objectContaining({ day: day!.day, state: 'expired' })]);
    expect((await claim(r, p.token, campaign)).msg).toBe('There is nothing to claim yet');
    expect((await balanceOf(r.app, p.userId)).money).toBe(money);
  });

  it("a higher tier's rate once the player's 30-day money at risk reaches it", async () => {
    const p = await player(r);
    await gift(r.app, p.userId, 500_000);
    // 1,200 staked on one class: all of it at risk.
    await settledBet(r, p.token, '1', '1200');
    const card = await cardOf(r, p.token, campaign);
    expect(card.rakeback).toMatchObject({ tier: 1, stakes_30d: '1200.00' });
    const expected = Math.floor(((await edgeOf(p.userId)) * 2000) / (EVEN_MONEY_PAID * 10_000));
    expect(card.rakeback!.today).toBe((expected / 100).toFixed(2));
  });

  // Last in the file: it moves the clock 8 days.
  it('an ended campaign still lists and pays the days it accrued, each for its 7 days, and accrues nothing after its end', async () => {
    // One rakeback at a time: the file's campaign ends first, this one starts once it has.
    expect((await callApi(r.app, api.campaigns.campaignEnd, { id: campaign }, { token: r.admin })).code).toBe(1);
    const ended = await createCampaign(r, 'rakeback', RAKEBACK_TERMS, { starts_at: Math.ceil(r.clock.now() / 1000) });
    const p = await player(r);
    const q = await player(r);
    for (const x of [p, q]) {
      await gift(r.app, x.userId, 100_000);
      await settledBet(r, x.token, '1', '500');
    }
    const accrued = (await cardOf(r, p.token, ended)).rakeback!.today as string;
    expect(Number(accrued)).toBeGreaterThan(0);

    await laterDays(r, 1);
    await p.relogin();
    await q.relogin();
    expect((await callApi(r.app, api.campaigns.campaignEnd, { id: ended }, { token: r.admin })).code).toBe(1);
    // Stakes after the end earn nothing from it.
    await settledBet(r, p.token, '1', '500');
    const listed = (await rewardList(r, p.token)).data.list.find((c: { id: number }) => c.id === ended);
    expect(listed).toMatchObject({ state: 'available', claimable: accrued, rakeback: { today: '0.00' } });
    expect(listed!.rakeback!.days).toEqual([expect.objectContaining({ amount: accrued, state: 'available' })]);
    const money = (await balanceOf(r.app, p.userId)).money;
    const paid = await claim(r, p.token, ended);
    expect(paid).toMatchObject({ code: 1, data: { paid: accrued } });
    expect((await balanceOf(r.app, p.userId)).money).toBe(money + Math.round(Number(accrued) * 100));
    // Paid once; with nothing left to claim the ended campaign leaves the list.
    expect((await claim(r, p.token, ended)).code).toBe(0);
    expect((await balanceOf(r.app, p.userId)).money).toBe(money + Math.round(Number(accrued) * 100));
    expect((await rewardList(r, p.token)).data.list.map((c: { id: number }) => c.id)).not.toContain(ended);

    // The other player's day: still there on its 7th day, lapsed on the 8th.
    await laterDays(r, 6);
    await q.relogin();
    expect((await rewardList(r, q.token)).data.list.find((c: { id: number }) => c.id === ended)).toMatchObject({ state: 'available', claimable: accrued });
    await laterDays(r, 1);
    await q.relogin();
    expect((await rewardList(r, q.token)).data.list.map((c: { id: number }) => c.id)).not.toContain(ended);
    const qMoney = (await balanceOf(r.app, q.userId)).money;
    const lapsed = await claim(r, q.token, ended);
    expect([lapsed.code, lapsed.msg]).toEqual([0, 'Campaign not found']);
    expect((await balanceOf(r.app, q.userId)).money).toBe(qMoney);
  });
});
