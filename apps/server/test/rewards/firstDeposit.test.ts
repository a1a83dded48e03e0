/**
 * First-deposit bonus: x % of the first approved deposit up to a cap, to stored funds, with a wagering
 * requirement counted on settled stakes across several days; a bet whose round is not settled does
 * not count; a withdrawal while the requirement is unmet says what remains; then the bonus moves to
 * the balance. A bonus is not a deposit: the deposit limit never counts it.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers.js';
import { PNG, balanceOf, requestDeposit, upload } from '../wallet/fixtures.js';
import { BONUS_TERMS, cardOf, claim, createCampaign, createRewardsApp, laterDays, player, rewardList, settledBet } from './kit.js';
import { roundAt } from '../../src/domain/game/roundClock.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'first_deposit', BONUS_TERMS);

/** A member with an ID number, bank card and security code, as a withdrawal needs. */
async function withdrawer() {
  const p = await player(r);
  for (const [url, body] of [
    ['/api/user/profile', { idcard: '110101199003077774' }],
    ['/api/user/setPayInfo', { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' }],
    ['/api/user/setSafety', { new_code: '123456' }],
  ] as const) {
    expect((await call(r.app, url, body, { token: p.token })).code).toBe(1);
  }
  return p;
}

async function deposit(token: string, money: string) {
  const id = await requestDeposit(r.app, token, money);
  expect((await call(r.app, '/api/admin/depositApprove', { id }, { token: r.admin })).code).toBe(1);
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

    // Day 1: 100 staked and settled (the balance is spent first; the bonus waits in stored funds).
    await settledBet(r, p.token, '1,2', '50');
    card = await cardOf(r, p.token, campaign);
    expect(card).toMatchObject({ state: 'in_progress', bonus: { staked: '100.00' } });
    expect((await claim(r, p.token, campaign)).msg).toBe('Stake 125.00 more to move the bonus to your balance');
    const money = (await balanceOf(r.app, p.userId)).money;
    const refused = await call(r.app, '/api/user/withdrawAction', { type: 0, money: '100', securityCode: '123456' }, { token: p.token, lang: 'en' });
    expect([refused.code, refused.msg]).toEqual([0, 'Your first-deposit bonus is still being wagered: stake 125.00 more before you withdraw']);
    expect((await balanceOf(r.app, p.userId)).money).toBe(money);

    // Day 2: 100 more, settled; and a bet in a round not yet drawn, which does not count until it is.
    await laterDays(r, 1);
    await p.relogin();
    await settledBet(r, p.token, '1,2', '50');
    const room = [...r.app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!;
    const open = await call(
      r.app,
      '/api/Lottery/playOrder',
      { issue: roundAt(r.clock.now(), r.app.game.settings).issue, plan_id: room.id, game_id: 7, play_type: '1,2', money: '20' },
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
    const ok = await call(r.app, '/api/user/withdrawAction', { type: 0, money: '100', securityCode: '123456' }, { token: p.token, lang: 'en' });
    expect(ok.code, JSON.stringify(ok)).toBe(1);
  });

  it('caps the bonus, pays it once for the first deposit only, and never counts it towards the deposit limit', async () => {
    const p = await player(r);
    const limit = await call(r.app, '/api/user/setLimit', { kind: 'deposit', period: 'day', amount: '500' }, { token: p.token });
    expect(limit.code, JSON.stringify(limit)).toBe(1);
    await deposit(p.token, '400');
    expect((await claim(r, p.token, campaign)).data.paid).toBe('100.00');
    // 400 deposited + a 100 bonus: 100 more may still be deposited today, not a cent more.
    const shot = await upload(r.app, p.token, { data: PNG, filename: 'shot.png', contentType: 'image/png' });
    const over = await call(r.app, '/api/user/depositRequest', { money: '100.01', channel: 'usdt', screenshot: shot.data.url }, { token: p.token, lang: 'en' });
    expect([over.code, over.msg]).toEqual([0, expect.stringContaining('500.00')]);
    await deposit(p.token, '100');
    // A second deposit earns nothing more.
    expect((await claim(r, p.token, campaign)).msg).toBe('Stake 300.00 more to move the bonus to your balance');
    expect((await balanceOf(r.app, p.userId)).score).toBe(10_000);
  });

  it('a first deposit approved before the campaign started is not eligible', async () => {
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
