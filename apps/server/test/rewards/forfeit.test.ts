/**
 * A first-deposit bonus can be left (issue 42): while it is being wagered it holds every withdrawal
 * back — money deposited later too — until the player forfeits it. The forfeit takes what is left of
 * the bonus in stored funds and what bets paid with it won (from the balance, as far as it holds),
 * never a check-in reward also in stored funds; it is refused while a bet paid with the bonus awaits
 * its draw, once the wagering is done (the bonus is released instead), and when the amount confirmed
 * is no longer what it takes. Opting out of promotions does not forfeit, nor hide the bonus's card.
 * Its ledger type (10) is in the player's fund details and their type filter, the console's ledger,
 * the money dashboard and the reconciliation.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BetClass, apiMessages, classWins, type Digits } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { callApi } from '../helpers.js';
import { ROUND_MS } from '../game/kit.js';
import { balanceOf, gift, operatorWithRole } from '../wallet/fixtures.js';
import {
  BONUS_TERMS,
  CHECK_IN_TERMS,
  approvedDeposit,
  betKnowing,
  cardOf,
  claim,
  createCampaign,
  createRewardsApp,
  forfeit,
  player,
  rewardList,
  settledBet,
  withdrawer,
} from './kit.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'first_deposit', BONUS_TERMS);

const withdraw = (token: string, money: string, lang = 'en') =>
  callApi(r.app, api.wallet.withdrawAction, { type: 0, money, securityCode: '123456' }, { token, lang });
const lose = ({ digits }: { digits: Digits }) => (classWins(BetClass.BIG, digits) ? BetClass.SMALL : BetClass.BIG);
const win = ({ digits }: { digits: Digits }) => (classWins(BetClass.BIG, digits) ? BetClass.BIG : BetClass.SMALL);

async function forfeitRows(userId: number) {
  return queryRows<{ wallet: string; quantity: string; memo: string }>(
    r.app.db,
    sql`select wallet, quantity::text as quantity, memo from ledger where user_id = ${userId} and type = 10 order by wallet`,
  );
}

/** The payout of the player's latest settled order (what its bet paid to the balance). */
async function lastPayout(userId: number): Promise<number> {
  const [row] = await queryRows<{ payout: string }>(
    r.app.db,
    sql`select payout::text as payout from orders where user_id = ${userId} order by id desc limit 1`,
  );
  return Number(row!.payout);
}

const u = (cents: number) => (cents / 100).toFixed(2);

describe('forfeiting a first-deposit bonus', () => {
  it('an untouched bonus: it holds back money deposited later, until forfeited from stored funds; then everything can be withdrawn', async () => {
    const p = await withdrawer(r);
    await approvedDeposit(r, p.token, '150');
    expect((await claim(r, p.token, campaign)).data.paid).toBe('75.00');
    await approvedDeposit(r, p.token, '100');
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 25_000, score: 7_500 });

    // The later deposit is held back too; the refusal says the way out, in four languages.
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      const refused = await withdraw(p.token, '100', lang);
      expect([refused.code, refused.msg]).toEqual([0, apiMessages[lang]['err.withdraw_bonus_wagering'].replace('{{remaining}}', '225.00')]);
    }
    expect((await withdraw(p.token, '100')).msg).toBe(
      'Your first-deposit bonus is still being wagered: stake 225.00 more, or forfeit the bonus in the Activity centre, before you withdraw',
    );
    const card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({
      state: 'in_progress',
      bonus: { amount: '75.00', forfeited: null, forfeit: { left: '75.00', won: '0.00', total: '75.00', open_bets: false } },
    });

    // A forfeit for another amount than it takes changes nothing and says the amount.
    const stale = await forfeit(r, p.token, campaign, '70.00');
    expect(stale).toMatchObject({ code: 0, field: 'amount', msg: 'Forfeiting now takes 75.00 u: look at it again before you confirm' });
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 25_000, score: 7_500 });

    const done = await forfeit(r, p.token, campaign, '75.00');
    expect(done).toMatchObject({
      code: 1,
      msg: 'Bonus forfeited: you can withdraw now',
      data: {
        forfeited: '75.00',
        over: '250.00',
        card: { state: 'expired', claimable: '0.00', bonus: { expired_reason: 'forfeited', forfeited: '75.00', forfeit: null } },
      },
    });
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 25_000, score: 0 });
    expect(await forfeitRows(p.userId)).toEqual([{ wallet: 'score', quantity: '-7500', memo: 'First-deposit bonus' }]);

    // Type 10 in the player's fund details and its filter, and in the console's ledger of the player.
    const mine = await callApi(r.app, api.wallet.quantityLogList, { type: 10 }, { token: p.token });
    expect(mine.data.map((e: { type: number; quantity: string; memo: string }) => [e.type, e.quantity, e.memo])).toEqual([
      [10, '-75.00', 'First-deposit bonus'],
    ]);
    const support = await operatorWithRole(r.app, 'support');
    const console = await callApi(r.app, api.admin.userLedger, { id: p.userId, type: 10 }, { token: support });
    expect(console.data.list.map((e: { type: number; quantity: string }) => [e.type, e.quantity])).toEqual([[10, '-75.00']]);

    // Nothing holds the withdrawal back; the bonus is over for good.
    const out = await withdraw(p.token, '250');
    expect(out.code, JSON.stringify(out)).toBe(1);
    expect((await forfeit(r, p.token, campaign, '0.00')).msg).toBe('There is no bonus being wagered to forfeit');
    expect((await claim(r, p.token, campaign)).msg).toBe('You forfeited this bonus: there is nothing more to claim');
    expect(await findDiscrepancies(r.app.db)).toEqual([]);
  });

  it('a bonus partly played: the forfeit takes what is left of it and what its bets won, waits for a bet paid with it, and refuses a stale amount', async () => {
    const p = await player(r);
    await approvedDeposit(r, p.token, '100');
    expect((await claim(r, p.token, campaign)).data.paid).toBe('50.00');
    // The deposit is lost (the balance is spent first); then 40 of the bonus is staked on what wins.
    await betKnowing(r, p.token, (d) => ({ playType: lose(d), money: '100' }));
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 5_000 });
    const { total } = await betKnowing(r, p.token, (d) => ({ playType: win(d), money: '40' }), false);
    expect((await cardOf(r, p.token, campaign)).bonus!.forfeit).toEqual({ left: '10.00', won: '0.00', total: '10.00', open_bets: true });
    expect((await forfeit(r, p.token, campaign, '10.00')).msg).toBe('A bet paid with the bonus is waiting for its draw: you can forfeit once it is settled');

    r.clock.advance(ROUND_MS);
    await r.app.game.scheduler.tick();
    // The bonus's 40 paid 80.00 (64.00 on 13 or 14) to the balance.
    const payout = await lastPayout(p.userId);
    expect(payout).toBe(total === 13 || total === 14 ? 6_400 : 8_000);
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: payout, score: 1_000 });
    const card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({
      state: 'in_progress',
      bonus: { staked: '140.00', required: '150.00', forfeit: { left: '10.00', won: u(payout), total: u(1_000 + payout), open_bets: false } },
    });
    // The amount the card showed before the win is no longer what a forfeit takes.
    expect((await forfeit(r, p.token, campaign, '10.00')).msg).toBe(`Forfeiting now takes ${u(1_000 + payout)} u: look at it again before you confirm`);
    const done = await forfeit(r, p.token, campaign, u(1_000 + payout));
    expect(done).toMatchObject({ code: 1, data: { forfeited: u(1_000 + payout), over: '0.00' } });
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 0 });
    expect(await forfeitRows(p.userId)).toEqual([
      { wallet: 'money', quantity: String(-payout), memo: 'First-deposit bonus' },
      { wallet: 'score', quantity: '-1000', memo: 'First-deposit bonus' },
    ]);
    expect(await findDiscrepancies(r.app.db)).toEqual([]);
  });

  it("takes the bonus's winnings only as far as the balance holds them, and never a check-in reward in stored funds", async () => {
    const checkIn = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
    const p = await player(r);
    expect((await claim(r, p.token, checkIn)).data.paid).toBe('1.00');
    await approvedDeposit(r, p.token, '100');
    expect((await claim(r, p.token, campaign)).data.paid).toBe('50.00');
    await betKnowing(r, p.token, (d) => ({ playType: lose(d), money: '100' }));
    // 10 of the bonus wins; what it won is then lost on a bet from the balance.
    await betKnowing(r, p.token, (d) => ({ playType: win(d), money: '10' }));
    const payout = await lastPayout(p.userId);
    await betKnowing(r, p.token, (d) => ({ playType: lose(d), money: u(payout) }));
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 4_100 });
    const card = await cardOf(r, p.token, campaign);
    expect(card.bonus!.forfeit).toEqual({ left: '40.00', won: '0.00', total: '40.00', open_bets: false });
    expect((await forfeit(r, p.token, campaign, '40.00')).code).toBe(1);
    // The check-in's 1.00 stays in stored funds.
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 100 });
    expect(await forfeitRows(p.userId)).toEqual([{ wallet: 'score', quantity: '-4000', memo: 'First-deposit bonus' }]);
  });

  it('is refused once the wagering is done (the bonus moves to the balance instead), and with nothing to forfeit, in four languages', async () => {
    const p = await player(r);
    await approvedDeposit(r, p.token, '100');
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      // A deposit, but no bonus claimed yet: nothing is being wagered.
      const none = await forfeit(r, p.token, campaign, '0.00', { lang });
      expect([none.code, none.msg]).toEqual([0, apiMessages[lang]['err.bonus_forfeit_none']]);
    }
    expect((await claim(r, p.token, campaign)).data.paid).toBe('50.00');
    // One bet of 160 (not a hedge: what counts toward the wagering is the money at risk).
    await gift(r.app, p.userId, 10_000);
    await settledBet(r, p.token, '1', '160');
    expect((await cardOf(r, p.token, campaign)).state).toBe('available');
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      const due = await forfeit(r, p.token, campaign, '50.00', { lang });
      expect([due.code, due.msg]).toEqual([0, apiMessages[lang]['err.bonus_forfeit_release_due']]);
    }
    expect((await claim(r, p.token, campaign)).data.paid).toBe('50.00');
    expect((await forfeit(r, p.token, campaign, '0.00')).msg).toBe('There is no bonus being wagered to forfeit');
    expect(await forfeitRows(p.userId)).toEqual([]);
  });

  it('opting out of promotions does not forfeit the bonus nor hide its card: it can be forfeited there, and then the withdrawal goes through', async () => {
    const p = await withdrawer(r);
    await approvedDeposit(r, p.token, '150');
    expect((await claim(r, p.token, campaign)).code).toBe(1);
    expect((await callApi(r.app, api.rewards.promotionsOptOut, { opt_out: 1 }, { token: p.token })).code).toBe(1);
    const list = await rewardList(r, p.token);
    // Only the bonus being wagered: no campaign is offered (the live check-in campaign is not listed).
    expect(list.data).toMatchObject({
      opt_out: true,
      list: [{ id: campaign, state: 'in_progress', claimable: '0.00', bonus: { forfeit: { total: '75.00' } } }],
    });
    expect(list.data.list).toHaveLength(1);
    expect((await claim(r, p.token, campaign)).msg).toBe('You opted out of promotions (you can change this in Responsible play)');
    expect((await withdraw(p.token, '100')).code).toBe(0);
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 15_000, score: 7_500 });

    expect((await forfeit(r, p.token, campaign, '75.00')).code).toBe(1);
    expect((await rewardList(r, p.token)).data).toMatchObject({ opt_out: true, list: [] });
    const out = await withdraw(p.token, '150');
    expect(out.code, JSON.stringify(out)).toBe(1);
  });

  it("the money dashboard counts what was forfeited back into the house's result", async () => {
    const finance = await operatorWithRole(r.app, 'finance');
    const res = await callApi(r.app, api.admin.moneySummary, {}, { token: finance });
    expect(res.code, JSON.stringify(res)).toBe(1);
    const [row] = await queryRows<{ total: string }>(r.app.db, sql`select (-sum(quantity))::text as total from ledger where type = 10`);
    expect(res.data.costs.bonus_forfeited).toBe(u(Number(row!.total)));
    const c = res.data.costs;
    const cents = (m: string) => Math.round(Number(m) * 100);
    expect(cents(res.data.net_after_rewards)).toBe(
      cents(res.data.totals.house) - cents(c.commission) - cents(c.rakeback) - cents(c.check_in) - cents(c.first_deposit_bonus) + cents(c.bonus_forfeited),
    );
    expect(cents(c.bonus_forfeited)).toBeGreaterThan(7_500);
  });

  it('the reconciliation names a forfeit whose rows take another amount, a type-10 row without its forfeit, and a forfeit without a grant', async () => {
    const [f] = await queryRows<{ id: string; user_id: number; campaign_id: number }>(
      r.app.db,
      sql`select id::text as id, user_id, campaign_id from reward_claims where kind = 'bonus_forfeit' and amount > 0 order by id limit 1`,
    );
    const report = async () => {
      const res = await callApi(r.app, api.admin.reconcile, {}, { token: r.admin });
      expect(res.code, JSON.stringify(res)).toBe(1);
      return res.data.invariants.find((i: { name: string }) => i.name === 'reward_claims_paid_once');
    };
    const seeBroken = async (problems: string[], breakIt: ReturnType<typeof sql>, repair: ReturnType<typeof sql>) => {
      await r.app.db.execute(breakIt);
      try {
        const found = await report();
        expect(found!.examples.map((e: { problem: string }) => e.problem).sort()).toEqual([...problems].sort());
        expect(found!.examples.every((e) => e.userId === Number(f!.user_id))).toBe(true);
      } finally {
        await r.app.db.execute(repair);
      }
      expect(await report()).toEqual({ name: 'reward_claims_paid_once', count: 0, examples: [] });
    };
    expect(await report()).toEqual({ name: 'reward_claims_paid_once', count: 0, examples: [] });
    await seeBroken(
      ['forfeit_ledger_mismatch'],
      sql`update reward_claims set amount = amount + 1 where id = ${f!.id}`,
      sql`update reward_claims set amount = amount - 1 where id = ${f!.id}`,
    );
    await seeBroken(
      ['forfeit_ledger_mismatch', 'reward_row_without_claim'],
      sql`update reward_claims set id = id + 1000000 where id = ${f!.id}`,
      sql`update reward_claims set id = id - 1000000 where id = ${Number(f!.id) + 1_000_000}`,
    );
    await seeBroken(
      ['forfeit_ledger_mismatch', 'release_without_grant'],
      sql`update reward_claims set period = 'not-a-grant' where campaign_id = ${f!.campaign_id} and user_id = ${f!.user_id} and period = 'grant'`,
      sql`update reward_claims set period = 'grant' where campaign_id = ${f!.campaign_id} and user_id = ${f!.user_id} and period = 'not-a-grant'`,
    );
  });
});
