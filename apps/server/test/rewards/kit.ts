/** Shared set-up for the rewards tests: an app on a manual clock with games, the operator 'admin' and campaigns made through the console's API. */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { registerUser, type TestAppOptions, callApi, rawCall } from '../helpers.js';
import { T0, ROUND_MS, comingDraw, seedGames } from '../game/kit.js';
import { createWalletApp, operatorWithRole, requestDeposit } from '../wallet/fixtures.js';
import type { Digits } from '@lucky28/shared';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const names = { zh: '名', tw: '名', en: 'Name', vi: 'Tên' };

export interface RewardsApp {
  app: FastifyInstance;
  clock: ManualClock;
  admin: string;
}

export async function createRewardsApp(opts: TestAppOptions = {}): Promise<RewardsApp> {
  const clock = new ManualClock(T0 + 5_000);
  const { app } = await createWalletApp({ ...opts, clock });
  await seedGames(app.db);
  app.game.chain.length = 64;
  app.game.chain.spare = 8;
  await app.game.reloadConfig();
  return { app, clock, admin: await operatorWithRole(app, 'admin') };
}

const TITLES = {
  rakeback: { zh: '每日返水', tw: '每日返水', en: 'Daily rakeback', vi: 'Hoàn trả hằng ngày' },
  first_deposit: { zh: '首充红利', tw: '首充紅利', en: 'First-deposit bonus', vi: 'Thưởng nạp đầu' },
  check_in: { zh: '每日签到', tw: '每日簽到', en: 'Daily check-in', vi: 'Điểm danh hằng ngày' },
};

/** Creates a campaign through admin/campaignSave, starting now (a start in the past is refused); answers its id. */
export async function createCampaign(r: RewardsApp, kind: keyof typeof TITLES, terms: unknown, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await callApi(
    r.app,
    api.campaigns.campaignSave,
    {
      kind,
      title: TITLES[kind],
      terms_text: { zh: '规则', tw: '規則', en: 'Terms in plain words', vi: 'Điều khoản' },
      terms,
      starts_at: Math.floor(r.clock.now() / 1000),
      enabled: true,
      ...extra,
    },
    { token: r.admin },
  );
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data.id as number;
}

export const RAKEBACK_TERMS = {
  tiers: [
    { name: { zh: '青铜', tw: '青銅', en: 'Bronze', vi: 'Đồng' }, min_stake: 0, rate_bp: 1000 },
    { name: { zh: '白银', tw: '白銀', en: 'Silver', vi: 'Bạc' }, min_stake: 100_000, rate_bp: 2000 },
  ],
};
export const BONUS_TERMS = { percent: 50, cap: 10_000, wager_multiple: 3 };
export const CHECK_IN_TERMS = { rewards: [100, 200, 300, 400, 500, 600, 1000] };

/** A player who signs in again (sessions end after 2 idle hours: tests move the clock by days). */
export async function player(r: RewardsApp) {
  const user = await registerUser(r.app);
  return {
    ...user,
    async relogin() {
      const res = await callApi(r.app, api.user.login, { account: user.username, password: user.password });
      expect(res.code, JSON.stringify(res)).toBe(1);
      this.token = res.data.userinfo.token as string;
    },
  };
}

/** Bets `money` u on `playType` in game 7's current round and lets the scheduler draw and settle it. */
export async function settledBet(r: RewardsApp, token: string, playType: string, money: string) {
  const room = [...r.app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!;
  const issue = roundAt(r.clock.now(), r.app.game.settings).issue;
  const res = await callApi(r.app, api.lottery.playOrder, { issue, plan_id: room.id, game_id: 7, play_type: playType, money }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
  r.clock.advance(ROUND_MS);
  await r.app.game.scheduler.tick();
  return res;
}

/** Moves the clock by whole days, lets the scheduler settle what is due, and signs an operator in again (sessions end). */
export async function laterDays(r: RewardsApp, days: number) {
  r.clock.advance(days * DAY_MS);
  await r.app.game.scheduler.tick();
  r.admin = await operatorWithRole(r.app, 'admin');
}

export const rewardList = (r: RewardsApp, token: string, lang = 'en') => callApi(r.app, api.rewards.rewardList, {}, { token, lang });
export const claim = (r: RewardsApp, token: string, campaignId: number, lang = 'en') =>
  callApi(r.app, api.rewards.rewardClaim, { campaign_id: campaignId }, { token, lang });
export const cardOf = async (r: RewardsApp, token: string, campaignId: number) => {
  const res = await callApi(r.app, api.rewards.rewardProgress, { campaign_id: campaignId }, { token, lang: 'en' });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data;
};

/** Approves a deposit of `money` u requested by the player (the console's approval). */
export async function approvedDeposit(r: RewardsApp, token: string, money: string) {
  const id = await requestDeposit(r.app, token, money);
  const res = await callApi(r.app, api.admin.depositApprove, { id }, { token: r.admin });
  expect(res.code, JSON.stringify(res)).toBe(1);
}

let withdrawerIp = 0;
/** A member with an ID number, bank card and security code (123456), as a withdrawal needs. */
export async function withdrawer(r: RewardsApp) {
  const p = await player(r);
  for (const [ref, body] of [
    [api.user.profile, { idcard: '110101199003077774' }],
    [api.user.setPayInfo, { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' }],
    [api.user.setSafety, { new_code: '123456' }],
  ] as const) {
    const res = await rawCall(r.app, ref, body, { token: p.token, ip: `10.63.${Math.floor(withdrawerIp / 250) % 250}.${(withdrawerIp++ % 250) + 1}` });
    expect(res.code, JSON.stringify(res)).toBe(1);
  }
  return p;
}

/** Game 7's current round: its issue and what its committed seed will draw (the round made by a tick first). */
export async function currentRoundDraw(r: RewardsApp): Promise<{ issue: string; digits: Digits; total: number }> {
  await r.app.game.scheduler.tick();
  const issue = roundAt(r.clock.now(), r.app.game.settings).issue;
  return { issue, ...(await comingDraw(r.app, issue)) };
}

/** Bets on game 7's current round, choosing the bet from the result it will have; then draws and settles it unless `settle` is false. */
export async function betKnowing(
  r: RewardsApp,
  token: string,
  choose: (draw: { digits: Digits; total: number }) => { playType: number; money: string },
  settle = true,
) {
  const draw = await currentRoundDraw(r);
  const { playType, money } = choose(draw);
  const room = [...r.app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!;
  const res = await callApi(r.app, api.lottery.playOrder, { issue: draw.issue, plan_id: room.id, game_id: 7, play_type: String(playType), money }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
  if (settle) {
    r.clock.advance(ROUND_MS);
    await r.app.game.scheduler.tick();
  }
  return draw;
}

export const forfeit = (r: RewardsApp, token: string, campaignId: number, amount: string, opts: { lang?: string; key?: string } = {}) =>
  callApi(
    r.app,
    api.rewards.bonusForfeit,
    { campaign_id: campaignId, amount },
    { token, lang: opts.lang ?? 'en', headers: opts.key ? { 'idempotency-key': opts.key } : undefined },
  );

/**
 * A deposit of `cents` approved at `at` (ms), written as the console's approval writes it (balance,
 * ledger row, approved request) without the upload and review steps: for tests that need many.
 */
export async function approvedDepositRow(app: FastifyInstance, userId: number, cents: number, at: number) {
  const when = new Date(at).toISOString();
  await app.db.execute(sql`
    with l as (
      update users set money = money + ${cents} where id = ${userId} returning id, money + score as over
    ), row as (
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, ref_type, memo, created_at)
      select id, 0, 1, 'money', ${cents}, true, over, 'deposit', 'approved in the test', ${when}::timestamptz from l returning id
    )
    insert into deposits (user_id, amount, channel, status, ledger_id, created_at, reviewed_at)
    select ${userId}, ${cents}, 'usdt', 1, id, ${when}::timestamptz, ${when}::timestamptz from row`);
}
