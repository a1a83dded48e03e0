/**
 * Player protection wins: no campaign offered to, no reward claimed by, a player in a time-out or
 * self-exclusion, a player who opted out of promotions, or one who reached a stake or loss limit
 * (until it resets). Each refusal pays nothing.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { balanceOf, gift } from '../wallet/fixtures.js';
import { claimReward } from '../../src/domain/rewards/claim.js';
import { AppError } from '../../src/errors.js';
import { CHECK_IN_TERMS, claim, createCampaign, createRewardsApp, laterDays, player, rewardList, settledBet } from './kit.js';

const r = await createRewardsApp();
const campaign = await createCampaign(r, 'check_in', CHECK_IN_TERMS);

describe('player protection', () => {
  it('an opted-out player is offered nothing and can claim nothing, until they opt back in', async () => {
    const p = await player(r);
    expect((await rewardList(r, p.token)).data.list.map((c: { id: number }) => c.id)).toContain(campaign);
    const out = await callApi(r.app, api.rewards.promotionsOptOut, { opt_out: true }, { token: p.token, lang: 'en' });
    expect(out).toMatchObject({ code: 1, data: { opt_out: true } });
    expect((await rewardList(r, p.token)).data).toEqual({ opt_out: true, limit_resets: null, list: [] });
    const refused = await claim(r, p.token, campaign);
    expect([refused.code, refused.msg]).toEqual([0, 'You opted out of promotions (you can change this in Responsible play)']);
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 0 });
    await callApi(r.app, api.rewards.promotionsOptOut, { opt_out: false }, { token: p.token });
    expect((await claim(r, p.token, campaign)).code).toBe(1);
  });

  it('a player in a time-out is signed out and refused, also by the claim path itself; after it ends the offer is back', async () => {
    const p = await player(r);
    expect((await callApi(r.app, api.protection.takeBreak, { kind: 'timeout', duration: '24h' }, { token: p.token })).code).toBe(1);
    expect((await claim(r, p.token, campaign)).code).toBe(401);
    await expect(claimReward(r.app.db, { userId: p.userId, campaignId: campaign, now: r.clock.now(), timeZone: 'Asia/Shanghai' })).rejects.toMatchObject(
      new AppError('err.excluded_timeout'),
    );
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 0 });
    await laterDays(r, 1);
    await p.relogin();
    expect((await claim(r, p.token, campaign)).code).toBe(1);
  });

  it('a self-excluded player is refused by the claim path', async () => {
    const p = await player(r);
    const res = await callApi(r.app, api.protection.takeBreak, { kind: 'self_exclusion', duration: '6m', password: p.password }, { token: p.token });
    expect(res.code, JSON.stringify(res)).toBe(1);
    await expect(claimReward(r.app.db, { userId: p.userId, campaignId: campaign, now: r.clock.now(), timeZone: 'Asia/Shanghai' })).rejects.toMatchObject(
      new AppError('err.excluded_self'),
    );
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 0 });
  });

  it('a player who reached a stake limit is offered nothing until it resets', async () => {
    const p = await player(r);
    await gift(r.app, p.userId, 50_000);
    expect((await callApi(r.app, api.protection.setLimit, { kind: 'stake', period: 'day', amount: '100' }, { token: p.token })).code).toBe(1);
    await settledBet(r, p.token, '1,2', '50');
    const list = (await rewardList(r, p.token)).data;
    expect(list).toMatchObject({ opt_out: false, list: [] });
    expect(list.limit_resets).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/);
    const refused = await claim(r, p.token, campaign);
    expect(refused.msg).toBe(`You have reached a stake or loss limit: rewards can be claimed again after it resets at ${list.limit_resets}`);
    const score = (await balanceOf(r.app, p.userId)).score;
    await laterDays(r, 1);
    await p.relogin();
    expect((await claim(r, p.token, campaign)).code).toBe(1);
    expect((await balanceOf(r.app, p.userId)).score).toBe(score + 100);
  });

  it('a player who reached a loss limit is offered nothing and can claim nothing until it resets', async () => {
    const p = await player(r);
    await gift(r.app, p.userId, 50_000);
    expect((await callApi(r.app, api.protection.setLimit, { kind: 'loss', period: 'day', amount: '50' }, { token: p.token })).code).toBe(1);
    // 50 staked in a round not yet drawn: until it pays anything back, the whole stake counts as lost.
    const room = [...r.app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!;
    const issue = roundAt(r.clock.now(), r.app.game.settings).issue;
    const bet = await callApi(r.app, api.lottery.playOrder, { issue, plan_id: room.id, game_id: 7, play_type: '1', money: '50' }, { token: p.token });
    expect(bet.code, JSON.stringify(bet)).toBe(1);
    const list = (await rewardList(r, p.token)).data;
    expect(list).toMatchObject({ opt_out: false, list: [] });
    expect(list.limit_resets).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/);
    const before = await balanceOf(r.app, p.userId);
    for (const [lang, text] of [
      ['en', `You have reached a stake or loss limit: rewards can be claimed again after it resets at ${list.limit_resets}`],
      ['zh', apiMessages.zh['err.promotions_limit_reached'].replace('{{resets}}', list.limit_resets!)],
    ] as const) {
      const refused = await claim(r, p.token, campaign, lang);
      expect([refused.code, refused.msg]).toEqual([0, text]);
    }
    expect(await balanceOf(r.app, p.userId)).toEqual(before);
    const claims = await queryRows<{ n: number }>(r.app.db, sql`select count(*)::int as n from reward_claims where user_id = ${p.userId}`);
    expect(Number(claims[0]!.n)).toBe(0);
    // A new day: the loss limit's period starts again and the check-in is offered and paid.
    await laterDays(r, 1);
    await p.relogin();
    expect((await rewardList(r, p.token)).data.list.map((c: { id: number }) => c.id)).toContain(campaign);
    const score = (await balanceOf(r.app, p.userId)).score;
    expect((await claim(r, p.token, campaign)).code).toBe(1);
    expect((await balanceOf(r.app, p.userId)).score).toBe(score + 100);
  });
});
