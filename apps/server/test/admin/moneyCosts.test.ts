/**
 * The money dashboard's cost lines: what the period's rewards and commissions paid, per ledger type
 * (5 commission, 6 rakeback, 7 first-deposit bonus, 8 check-in, 9 bonus released to the balance),
 * each written by its real flow (claims through the player's API, the referral run), and the house's
 * result net of them, on PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { api } from '@lucky28/shared/api';
import { BET_CLASS_IDS, DEFAULT_ODDS } from '@lucky28/shared';
import { describe, expect, it } from 'vitest';
import { zonedDate } from '../../src/domain/time.js';
import { callApi } from '../helpers.js';
import { commissionPayments, member, playRound, runDays, toNextDay } from '../referral/kit.js';
import { BONUS_TERMS, CHECK_IN_TERMS, RAKEBACK_TERMS, claim, createCampaign, createRewardsApp, player, settledBet } from '../rewards/kit.js';
import { gift, operatorWithRole, requestDeposit } from '../wallet/fixtures.js';

const r = await createRewardsApp();
const checkIn = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
const firstDeposit = await createCampaign(r, 'first_deposit', BONUS_TERMS);
const rakeback = await createCampaign(r, 'rakeback', RAKEBACK_TERMS);
const NONE = {
  commission: '0.00',
  rakeback: '0.00',
  first_deposit_bonus: '0.00',
  check_in: '0.00',
  bonus_released: '0.00',
  bonus_forfeited: '0.00',
  red_packets: '0.00',
};
const cents = (v: string) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);

async function summary(body: Record<string, string | number> = {}) {
  const finance = await operatorWithRole(r.app, 'finance');
  const res = await callApi(r.app, api.admin.moneySummary, body, { token: finance });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data;
}

async function paid(res: { code: number; data?: { paid: string } }) {
  expect(res.code, JSON.stringify(res)).toBe(1);
  return cents(res.data!.paid);
}

describe('money dashboard: reward and commission costs', () => {
  it('sums each reward and commission ledger type of the period as its own cost line, by the day it was paid', async () => {
    const day1 = zonedDate(r.clock.now(), r.app.config.timeZone);
    expect((await summary()).costs).toEqual(NONE);

    // Day 1: a check-in (to stored funds), a first-deposit bonus of 50 % of 150, wagered (the gift is
    // staked first, the bonus waits in stored funds) and released to the balance.
    const p = await player(r);
    await gift(r.app, p.userId, 100_000);
    const checkInPaid = await paid(await claim(r, p.token, checkIn));
    const deposit = await requestDeposit(r.app, p.token, '150');
    expect((await callApi(r.app, api.admin.depositApprove, { id: deposit }, { token: r.admin })).code).toBe(1);
    const bonusPaid = await paid(await claim(r, p.token, firstDeposit));
    // 240 on one class: all of it at risk, past the requirement of 225 (a hedge would count only what it risks).
    await settledBet(r, p.token, '1', '240');
    const releasePaid = await paid(await claim(r, p.token, firstDeposit));
    expect([checkInPaid, bonusPaid, releasePaid]).toEqual([100, 7_500, 7_500]);

    // A referrer's invitee plays every class: a commission (paid by the next day's run) and the invitee's rakeback.
    const referrer = await member(r.app);
    const friend = await member(r.app, referrer);
    await playRound(r.app, r.clock, [{ who: friend, playType: BET_CLASS_IDS.filter((id) => DEFAULT_ODDS.has(id)).join(','), money: '10.01' }]);

    const firstDay = await summary();
    expect(firstDay.costs).toEqual({ ...NONE, first_deposit_bonus: money(bonusPaid), check_in: money(checkInPaid), bonus_released: money(releasePaid) });
    const firstDayPlayers = (await summary({ last_days: 3 })).totals.players;
    // The bonus is not counted as a deposit.
    expect(firstDay.totals.deposits).toBe('150.00');
    // Net after rewards: the house's result less what the rewards cost when granted; the bonus's
    // release is its grant's money moved to the balance, not a second cost.
    expect(cents(firstDay.totals.house)).not.toBe(0);
    expect(firstDay.net_after_rewards).toBe(money(cents(firstDay.totals.house) - bonusPaid - checkInPaid));
    expect(firstDay.today!.net_after_rewards).toBe(firstDay.net_after_rewards);

    // Day 2: the referral run pays the commission, the invitee claims yesterday's rakeback.
    toNextDay(r.clock, 9);
    const day2 = zonedDate(r.clock.now(), r.app.config.timeZone);
    await runDays(r.app, r.clock);
    const commission = (await commissionPayments(r.app.db, referrer.userId)).reduce((s, row) => s + row.quantity, 0);
    expect(commission).toBeGreaterThan(0);
    const login = await callApi(r.app, api.user.login, { account: friend.username, password: friend.password });
    const rakebackPaid = await paid(await claim(r, login.data.userinfo.token, rakeback));
    expect(rakebackPaid).toBeGreaterThan(0);

    const secondDay = await summary();
    expect(secondDay.costs).toEqual({ ...NONE, commission: money(commission), rakeback: money(rakebackPaid) });
    expect(secondDay.net_after_rewards).toBe(money(cents(secondDay.totals.house) - commission - rakebackPaid));
    const yesterday = await summary({ begin_date: day1, end_date: day1 });
    expect(yesterday.costs).toEqual(firstDay.costs);
    // A period of days past has no today.
    expect(yesterday.today).toBeUndefined();
    const both = await summary({ begin_date: day1, end_date: day2 });
    expect(both.costs).toEqual({
      commission: money(commission),
      rakeback: money(rakebackPaid),
      first_deposit_bonus: money(bonusPaid),
      check_in: money(checkInPaid),
      bonus_released: money(releasePaid),
      bonus_forfeited: '0.00',
      red_packets: '0.00',
    });
    expect(yesterday.net_after_rewards).toBe(firstDay.net_after_rewards);
    expect(both.net_after_rewards).toBe(money(cents(both.totals.house) - commission - rakebackPaid - bonusPaid - checkInPaid));
    expect(cents(both.net_after_rewards)).toBe(cents(firstDay.net_after_rewards) + cents(secondDay.net_after_rewards));
    // A period up to today answers today's totals, costs and net too: the same as asking for today alone.
    const todayAlone = { totals: secondDay.totals, costs: secondDay.costs, net_after_rewards: secondDay.net_after_rewards };
    expect(both.today).toEqual(todayAlone);
    expect(secondDay.today).toEqual(todayAlone);
    // The same period as the last 2 days up to the operator's today (the console's default period is asked so).
    expect(await summary({ last_days: 2 })).toEqual(both);
    const finance = await operatorWithRole(r.app, 'finance');
    for (const body of [{ last_days: 0 }, { last_days: 368 }, { last_days: 2, begin_date: day1 }]) {
      const res = await callApi(r.app, api.admin.moneySummary, body, { token: finance, lang: 'en' });
      expect([res.code, res.field], JSON.stringify(body)).toEqual([0, 'last_days']);
    }

    // Active players over a longer period: today's players (day 1's, the period's open part) on day
    // 1; on day 2 the same two as the period's closed days (counted once, then kept), none today.
    expect(firstDayPlayers).toBe(2);
    expect((await summary({ last_days: 3 })).totals.players).toBe(2);
    expect((await summary({ last_days: 3 })).totals.players).toBe(2);
    expect(secondDay.totals.players).toBe(0);
  });
});
