/**
 * A withdrawal's risk facts (admin/withdrawRisk, issue 43): the player's deposits against their turnover
 * (money at risk of settled bets), a first-deposit bonus still wagering, since when the payout account is
 * theirs, and the other players who registered or signed in from one of their addresses or devices.
 */
import { api } from '@lucky28/shared/api';
import { apiMessages } from '@lucky28/shared';
import { describe, expect, it } from 'vitest';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { gift } from '../wallet/fixtures.js';
import { BONUS_TERMS, approvedDeposit, claim, createCampaign, createRewardsApp, settledBet, withdrawer } from '../rewards/kit.js';
import { maskNickname } from '../../src/present.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'first_deposit', BONUS_TERMS);

const withdraw = async (token: string, money = '100') => {
  const res = await callApi(r.app, api.wallet.withdrawAction, { type: 0, money, securityCode: '123456' }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data.id as number;
};
const risk = (id: number, lang = 'en') => callApi(r.app, api.admin.withdrawRisk, { id }, { token: r.admin, lang });
const signIn = (user: { username: string; password: string }, ip: string, device?: string) =>
  callApi(r.app, api.user.login, { account: user.username, password: user.password, ...(device ? { device_id: device } : {}) }, { ip });

describe('a withdrawal’s risk facts', () => {
  it('weighs the deposits against the turnover and shows a bonus still wagering with what it needs', async () => {
    const p = await withdrawer(r);
    // A withdrawal asked before the first deposit leaves the bonus open to the player: the case to see.
    await gift(r.app, p.userId, 50_000);
    const id = await withdraw(p.token);
    r.clock.advance(60_000);
    await approvedDeposit(r, p.token, '150');
    const granted = await claim(r, p.token, campaign);
    expect(granted.code, JSON.stringify(granted)).toBe(1);
    await settledBet(r, p.token, '1', '100');

    const res = await risk(id);
    expect(res.code, JSON.stringify(res)).toBe(1);
    expect(res.data).toMatchObject({
      id,
      user_id: p.userId,
      deposits: '150.00',
      deposit_count: 1,
      turnover: '100.00',
      bonus: { amount: '75.00', required: '225.00', staked: '100.00', left: '125.00' },
    });
  });

  it('says nothing of a bonus for a player without one, and counts no deposit and no play', async () => {
    const p = await withdrawer(r);
    await gift(r.app, p.userId, 20_000);
    const res = await risk(await withdraw(p.token));
    expect(res.data).toMatchObject({ deposits: '0.00', deposit_count: 0, turnover: '0.00', bonus: null, shared: { count: 0, players: [] } });
  });

  it('dates the payout account from its binding, and from its replacement once replaced', async () => {
    const p = await withdrawer(r);
    const bound = Math.floor(r.clock.now() / 1000);
    await gift(r.app, p.userId, 20_000);
    r.clock.advance(3 * 60_000);
    const first = await withdraw(p.token);
    expect((await risk(first)).data.account_since).toBe(bound);

    expect((await callApi(r.app, api.admin.withdrawReject, { id: first }, { token: r.admin })).code).toBe(1);
    const replaced = Math.floor(r.clock.now() / 1000);
    const set = await rawCall(
      r.app,
      api.user.setPayInfo,
      { type: 0, acc: 'Zhang San', acc_name: '6222020200119999', acc_bank: 'ICBC', securityCode: '123456' },
      { token: p.token },
    );
    expect(set.code, JSON.stringify(set)).toBe(1);
    expect((await risk(await withdraw(p.token))).data.account_since).toBe(replaced);
  });

  it('names the other players of one of the player’s sign-in addresses or devices, masked, with what they share', async () => {
    const p = await withdrawer(r);
    const byDevice = await registerUser(r.app);
    const byAddress = await registerUser(r.app);
    const stranger = await registerUser(r.app);
    expect((await signIn(byDevice, '10.64.0.1', 'device-risk-1')).code).toBe(1);
    expect((await signIn(p, '10.64.0.2', 'device-risk-1')).code).toBe(1);
    expect((await signIn(byAddress, '10.64.0.2')).code).toBe(1);
    expect((await signIn(stranger, '10.64.0.3', 'device-risk-2')).code).toBe(1);
    await gift(r.app, p.userId, 20_000);

    const { shared } = (await risk(await withdraw(p.token))).data;
    expect(shared).toEqual({
      count: 2,
      players: [
        { user_id: byDevice.userId, username: maskNickname(byDevice.username), via: ['device'] },
        { user_id: byAddress.userId, username: maskNickname(byAddress.username), via: ['ip'] },
      ],
    });
    expect(shared.players[0]!.username).not.toBe(byDevice.username);
  });

  it('refuses a request that does not exist, in the caller’s language', async () => {
    for (const lang of ['en', 'vi'] as const) {
      const res = await risk(2_000_000, lang);
      expect([res.code, res.msg]).toEqual([0, apiMessages[lang]['err.not_found']]);
    }
  });
});
