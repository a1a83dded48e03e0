/**
 * First-deposit bonus: x % of the first approved deposit up to a cap, to stored funds, with a wagering
 * requirement counted on settled stakes across several days; a bet whose round is not settled does
 * not count; a withdrawal while the requirement is unmet says what remains; then the bonus moves to
 * the balance — only what is left of the bonus, never other stored funds (a check-in reward). A bonus
 * is not a deposit: the deposit limit never counts it. No bonus after a withdrawal following the first
 * deposit, and a grant and a withdrawal sent together never both go through.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@lucky28/shared';
import { callApi, rawCall } from '../helpers.js';
import { checkLedgerInvariants } from '../game/kit.js';
import { PNG, balanceOf, gift, requestDeposit, upload } from '../wallet/fixtures.js';
import { BONUS_TERMS, CHECK_IN_TERMS, cardOf, claim, createCampaign, createRewardsApp, laterDays, player, rewardList, settledBet } from './kit.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'first_deposit', BONUS_TERMS);

let ip = 0;
const nextIp = () => `10.62.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

/** A member with an ID number, bank card and security code, as a withdrawal needs. */
async function withdrawer() {
  const p = await player(r);
  for (const [ref, body] of [
    [api.user.profile, { idcard: '110101199003077774' }],
    [api.user.setPayInfo, { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' }],
    [api.user.setSafety, { new_code: '123456' }],
  ] as const) {
    const res = await rawCall(r.app, ref, body, { token: p.token, ip: nextIp() });
    expect(res.code, JSON.stringify(res)).toBe(1);
  }
  return p;
}

const withdraw = (token: string, money: string, lang = 'en') =>
  callApi(r.app, api.wallet.withdrawAction, { type: 0, money, securityCode: '123456' }, { token, lang, ip: nextIp() });

async function deposit(token: string, money: string) {
  const id = await requestDeposit(r.app, token, money);
  expect((await callApi(r.app, api.admin.depositApprove, { id }, { token: r.admin })).code).toBe(1);
}

describe('first-deposit bonus', () => {
  it('waits for a deposit, grants 50 % to stored funds, counts settled stakes over several days, refuses a withdrawal saying what remains, then releases it', async () => {
    const p = await withdrawer();
    expect((await cardOf(r, p.token, campaign)).state).toBe('waiting');
    await deposit(p.token, '150');
    let card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({
      state: 'available',
      claimable: '75.00',
      bonus: { percent: 50, cap: '100.00', wager_multiple: 3, amount: null, required: '225.00' },
    });

    const granted = await claim(r, p.token, campaign);
    expect(granted).toMatchObject({
      code: 1,
      data: { paid: '75.00', card: { state: 'in_progress', bonus: { amount: '75.00', staked: '0.00', required: '225.00' } } },
    });
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 15_000, score: 7_500 });
    // Enough on the balance for every bet below, so the bonus stays whole in stored funds.
    await gift(r.app, p.userId, 30_000);

    // Day 1: 100 staked on one class and settled, all of it at risk (the balance is spent first; the bonus waits in stored funds).
    await settledBet(r, p.token, '1', '100');
    card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'in_progress', bonus: { staked: '100.00' } });
    expect((await claim(r, p.token, campaign)).msg).toBe('Stake 125.00 more to move the bonus to your balance');
    const money = (await balanceOf(r.app, p.userId)).money;
    const refused = await callApi(r.app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: p.token, lang: 'en' });
    expect([refused.code, refused.msg]).toEqual([
      0,
      'Your first-deposit bonus is still being wagered: stake 125.00 more, or forfeit the bonus in the Activity centre, before you withdraw',
    ]);
    expect((await balanceOf(r.app, p.userId)).money).toBe(money);

    // Day 2: 100 more, settled; and a bet in a round not yet drawn, which does not count until it is.
    await laterDays(r, 1);
    await p.relogin();
    await settledBet(r, p.token, '1', '100');
    const room = [...r.app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!;
    const open = await callApi(
      r.app,
      api.lottery.playOrder,
      { issue: roundAt(r.clock.now(), r.app.game.settings).issue, plan_id: room.id, game_id: 7, play_type: '3', money: '40' },
      { token: p.token },
    );
    expect(open.code).toBe(1);
    card = await cardOf(r, p.token, campaign);
    expect(card.bonus).toMatchObject({ staked: '200.00', required: '225.00' });
    expect(card.state).toBe('in_progress');

    // Day 3: the open round settles (40 more): the requirement is met, and the bonus moves to the balance.
    await laterDays(r, 1);
    await p.relogin();
    card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'available', bonus: { staked: '240.00' } });
    const before = await balanceOf(r.app, p.userId);
    const released = await claim(r, p.token, campaign);
    expect(released).toMatchObject({ code: 1, data: { card: { state: 'claimed', bonus: { released: released.data.paid } } } });
    // What is left of the bonus in stored funds moves (here all of it: the balance paid for every bet).
    const moved = Math.min(7_500, before.score);
    expect(moved).toBe(7_500);
    expect(released.data.paid).toBe('75.00');
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: before.money + moved, score: before.score - moved });
    expect((await claim(r, p.token, campaign)).msg).toBe('This reward has already been claimed');
    // Nothing holds the withdrawal back any more.
    const ok = await callApi(r.app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: p.token, lang: 'en' });
    expect(ok.code, JSON.stringify(ok)).toBe(1);
  });

  it('caps the bonus, pays it once for the first deposit only, and never counts it towards the deposit limit', async () => {
    const p = await player(r);
    const limit = await callApi(r.app, api.protection.setLimit, { kind: 'deposit', period: 'day', amount: '500' }, { token: p.token });
    expect(limit.code, JSON.stringify(limit)).toBe(1);
    await deposit(p.token, '400');
    expect((await claim(r, p.token, campaign)).data.paid).toBe('100.00');
    // 400 deposited + a 100 bonus: 100 more may still be deposited today, not a cent more.
    const shot = await upload(r.app, p.token, { data: PNG, filename: 'shot.png', contentType: 'image/png' });
    const over = await callApi(
      r.app,
      api.wallet.depositRequest,
      { money: '100.01', channel: 'usdt', screenshot: shot.data.url },
      { token: p.token, lang: 'en' },
    );
    expect([over.code, over.msg]).toEqual([0, expect.stringContaining('500.00')]);
    await deposit(p.token, '100');
    // A second deposit earns nothing more.
    expect((await claim(r, p.token, campaign)).msg).toBe('Stake 300.00 more to move the bonus to your balance');
    expect((await balanceOf(r.app, p.userId)).score).toBe(10_000);
  });

  it('is not offered after a withdrawal (pending or approved) following the first deposit: expired with its reason, refused in four languages, nothing paid', async () => {
    const p = await withdrawer();
    await deposit(p.token, '150');
    expect((await cardOf(r, p.token, campaign)).state).toBe('available');
    // The deposit is taken back out before the bonus is claimed.
    const out = await withdraw(p.token, '150');
    expect(out.code, JSON.stringify(out)).toBe(1);
    const card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'expired', claimable: '0.00', bonus: { amount: null, expired_reason: 'withdrawal' } });
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      const refused = await claim(r, p.token, campaign, lang);
      expect([refused.code, refused.msg]).toEqual([0, apiMessages[lang]['err.reward_bonus_after_withdrawal']]);
    }
    expect((await claim(r, p.token, campaign)).msg).toBe('The first-deposit bonus is no longer offered: a withdrawal was made after your first deposit');
    // Approved (paid out), it stays so; nothing was ever credited.
    const [w] = await queryRows<{ id: string }>(r.app.db, sql`select id::text as id from withdrawals where user_id = ${p.userId}`);
    expect((await callApi(r.app, api.admin.withdrawApprove, { id: Number(w!.id) }, { token: r.admin })).code).toBe(1);
    expect((await cardOf(r, p.token, campaign)).bonus!.expired_reason).toBe('withdrawal');
    expect((await claim(r, p.token, campaign)).code).toBe(0);
    // A second deposit does not bring it back: the bonus is of the first deposit.
    await deposit(p.token, '150');
    expect((await cardOf(r, p.token, campaign)).state).toBe('expired');
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 15_000, score: 0 });
    const rows = await queryRows<{ n: number }>(r.app.db, sql`select count(*)::int as n from reward_claims where user_id = ${p.userId}`);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('a grant and a withdrawal sent together never both go through (20 players)', async () => {
    const outcomes = { grant: 0, withdrawal: 0 };
    for (let i = 0; i < 20; i++) {
      const p = await withdrawer();
      await deposit(p.token, '150');
      // Both in flight at once, the claim sent 0–190 ms after the withdrawal (so that either may reach the player's lock first).
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [w, g] = await Promise.all([withdraw(p.token, '100'), later(i * 10).then(() => claim(r, p.token, campaign))]);
      expect([w!.status, g!.status]).toEqual([200, 200]);
      expect(
        [w!.code, g!.code].filter((c) => c === 1),
        JSON.stringify([w, g]),
      ).toHaveLength(1);
      const balance = await balanceOf(r.app, p.userId);
      if (g!.code === 1) {
        outcomes.grant++;
        expect(w!.msg).toBe(
          'Your first-deposit bonus is still being wagered: stake 225.00 more, or forfeit the bonus in the Activity centre, before you withdraw',
        );
        expect(balance).toEqual({ money: 15_000, score: 7_500 });
      } else {
        outcomes.withdrawal++;
        expect(g!.msg).toBe('The first-deposit bonus is no longer offered: a withdrawal was made after your first deposit');
        expect(balance).toEqual({ money: 5_000, score: 0 });
        expect((await cardOf(r, p.token, campaign)).state).toBe('expired');
      }
    }
    console.log(`grant and withdrawal together: won by the grant ${outcomes.grant}, by the withdrawal ${outcomes.withdrawal}`);
    await checkLedgerInvariants(r.app.db);
    expect(await findDiscrepancies(r.app.db)).toEqual([]);
  });

  it('the release moves only what is left of the bonus, never a check-in reward also in stored funds', async () => {
    const checkIn = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
    const p = await player(r);
    await deposit(p.token, '100');
    expect((await claim(r, p.token, campaign)).data.paid).toBe('50.00');
    expect((await claim(r, p.token, checkIn)).data.paid).toBe('1.00');
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 10_000, score: 5_100 });
    // 120 staked: the balance's 100 first, then 20 from stored funds (taken from the bonus).
    await settledBet(r, p.token, '1', '120');
    const [taken] = await queryRows<{ from_score: string }>(r.app.db, sql`select sum(from_score)::text as from_score from orders where user_id = ${p.userId}`);
    expect(Number(taken!.from_score)).toBe(2_000);
    // 40 more from the balance meets the requirement of 150.
    await gift(r.app, p.userId, 10_000);
    await settledBet(r, p.token, '1', '40');
    const card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'available', claimable: '30.00', bonus: { staked: '160.00', required: '150.00' } });
    const before = await balanceOf(r.app, p.userId);
    expect(before.score).toBe(3_100);
    const released = await claim(r, p.token, campaign);
    expect(released).toMatchObject({ code: 1, data: { paid: '30.00', card: { state: 'claimed', bonus: { released: '30.00' } } } });
    // The check-in reward stays in stored funds; only the bonus's 30.00 moved.
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: before.money + 3_000, score: 100 });
    await checkLedgerInvariants(r.app.db);
  });

  // Last in the file: it ends the file's campaign.
  it('a first deposit approved before the campaign started is not eligible', async () => {
    // One first-deposit campaign at a time: the file's ends before this one is scheduled.
    expect((await callApi(r.app, api.campaigns.campaignEnd, { id: campaign }, { token: r.admin })).code).toBe(1);
    const p = await player(r);
    await deposit(p.token, '100');
    const later = await createCampaign(r, 'first_deposit', BONUS_TERMS, { starts_at: Math.floor(r.clock.now() / 1000) + 1 });
    await laterDays(r, 1);
    await p.relogin();
    const list = await rewardList(r, p.token);
    expect(list.data.list.find((c: { id: number }) => c.id === later)).toMatchObject({ state: 'expired', claimable: '0.00' });
    expect((await claim(r, p.token, later)).msg).toBe('There is nothing to claim yet');
  });
});
