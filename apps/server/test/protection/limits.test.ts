import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { periodBounds } from '../../src/domain/protection/periods.js';
import { defaultRateLimits } from '../../src/plugins/rateLimits.js';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { checkLedgerInvariants, fund } from '../game/kit.js';
import { PNG, balanceOf, operatorWithRole, readyToWithdraw, requestDeposit, upload } from '../wallet/fixtures.js';
import { advanceToOpen, betNow, createProtectionApp, freshToken, setLimit } from './kit.js';

// 50 parallel bets from one player: the per-player bet rate limit would refuse most of them.
const { app, clock } = await createProtectionApp({ rateLimits: { ...defaultRateLimits, bet: false } });
const DAY = 24 * 60 * 60 * 1000;
const TZ = app.config.timeZone;

const orderCount = async (userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from orders where user_id = ${userId}`))[0]!.n);
const info = async (token: string) => (await callApi(app, api.protection.protectionInfo, {}, { token })).data;
const localMidnight = (ms: number) => {
  const d = new Date(ms + 8 * 3600_000); // Asia/Shanghai, no DST
  return `${d.toISOString().slice(0, 10)} 00:00`;
};

describe('loss limit', () => {
  it('refuses a bet that could take the day past the limit, naming the limit and when it resets; a new day starts afresh', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    const set = await setLimit(app, user.token, 'loss', 'day', '100');
    expect(set.code).toBe(1);
    expect(set.msg).toBe('Limit saved');
    expect(set.data).toEqual([expect.objectContaining({ kind: 'loss', period: 'day', amount: '100.00', pending_amount: null, used: '0.00' })]);

    expect((await betNow(app, user.token, '60')).code).toBe(1);
    const refused = await betNow(app, user.token, '50');
    expect(refused.code).toBe(0);
    const resets = localMidnight(periodBounds('day', clock.now(), TZ).end);
    expect(refused.msg).toBe(`This would exceed your daily loss limit of 100.00 u (used: 60.00 u). It resets at ${resets}.`);
    expect(refused.field).toBe('money');
    // Other languages name it too.
    expect((await betNow(app, user.token, '50', '1', 'zh')).msg).toBe(`这将超出您的每日亏损限额 100.00 u（已用 60.00 u），将于 ${resets} 重置。`);
    expect((await betNow(app, user.token, '40')).code).toBe(1);
    expect((await betNow(app, user.token, '10')).code).toBe(0);
    expect(await orderCount(user.userId)).toBe(2);
    expect((await balanceOf(app, user.userId)).money).toBe(900_00);

    const limits = (await info(user.token)).limits;
    expect(limits[0]).toMatchObject({ used: '100.00', resets_at: Math.floor(periodBounds('day', clock.now(), TZ).end / 1000) });

    advanceToOpen(app, clock, DAY);
    expect((await betNow(app, await freshToken(app, user), '10')).code).toBe(1);
    await checkLedgerInvariants(app.db);
  });

  it('counts payouts: a win makes room under the limit again', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    await setLimit(app, user.token, 'loss', 'week', '20');
    // Big and small together: one of them wins whatever the draw (2.0x, or 1.6x on 13 and 14).
    expect((await betNow(app, user.token, '10', '1,2')).code).toBe(1);
    expect((await betNow(app, user.token, '10')).msg).toMatch(/^This would exceed your weekly loss limit of 20\.00 u \(used: 20\.00 u\)/);
    const round = (
      await queryRows<{ draws_at: Date | string }>(
        app.db,
        sql`
      select r.draws_at from rounds r join orders o on o.round_id = r.id where o.user_id = ${user.userId} limit 1`,
      )
    )[0]!;
    clock.set(new Date(round.draws_at).getTime() + 1_000);
    await app.game.scheduler.tick();
    const [settled] = await queryRows<{ payout: string }>(app.db, sql`select sum(payout) as payout from orders where user_id = ${user.userId} and status = 1`);
    const loss = 20_00 - Number(settled!.payout);
    expect(loss).toBeLessThanOrEqual(4_00);
    advanceToOpen(app, clock, 0);
    expect((await betNow(app, user.token, '10')).code).toBe(1);
  });

  it('lets fifty parallel bets pass the limit exactly as far as it goes', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 10_000_00);
    await setLimit(app, user.token, 'loss', 'day', '100');
    const results = await Promise.all(Array.from({ length: 50 }, () => betNow(app, user.token, '10')));
    const accepted = results.filter((r) => r.code === 1);
    expect(accepted).toHaveLength(10);
    for (const r of results.filter((x) => x.code !== 1)) expect(r.msg).toMatch(/^This would exceed your daily loss limit of 100\.00 u \(used: 100\.00 u\)/);
    expect(await orderCount(user.userId)).toBe(10);
    expect((await balanceOf(app, user.userId)).money).toBe(9_900_00);
    await checkLedgerInvariants(app.db);
  });
});

describe('stake limit', () => {
  it('counts every stake, won or lost, per week and per month; several classes count as their sum', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    await setLimit(app, user.token, 'stake', 'week', '30');
    expect((await betNow(app, user.token, '20')).code).toBe(1);
    expect((await betNow(app, user.token, '20')).msg).toMatch(/^This would exceed your weekly stake limit of 30\.00 u \(used: 20\.00 u\)/);
    await setLimit(app, user.token, 'stake', 'week'); // removal waits 24 hours
    await setLimit(app, user.token, 'stake', 'month', '45');
    // 2 × 15 on top of 20 breaks both the weekly 30 and the monthly 45: the shorter period is named.
    expect((await betNow(app, user.token, '15', '1,2')).msg).toMatch(/^This would exceed your weekly stake limit of 30\.00 u/);
    await setLimit(app, user.token, 'stake', 'week', '300'); // a raise waits too: the weekly 30 still holds
    expect((await betNow(app, user.token, '10')).code).toBe(1);
    expect((await betNow(app, user.token, '10')).msg).toMatch(/weekly stake limit of 30\.00 u \(used: 30\.00 u\)/);
    expect(await orderCount(user.userId)).toBe(2);
  });

  it('names the monthly limit when it is the one a multi-class bet breaks', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    await setLimit(app, user.token, 'stake', 'month', '45');
    expect((await betNow(app, user.token, '20')).code).toBe(1);
    expect((await betNow(app, user.token, '15', '1,2')).msg).toMatch(/^This would exceed your monthly stake limit of 45\.00 u \(used: 20\.00 u\)/);
    expect((await betNow(app, user.token, '15')).code).toBe(1);
    expect(await orderCount(user.userId)).toBe(2);
  });
});

describe('raising, removing and lowering', () => {
  it('lowers at once, raises and removes only after 24 hours by the server clock', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    expect((await setLimit(app, user.token, 'stake', 'day', '50')).msg).toBe('Limit saved');
    const raise = await setLimit(app, user.token, 'stake', 'day', '100');
    expect(raise.code).toBe(1);
    expect(raise.msg).toBe('Saved. A higher limit or a removal applies only after 24 hours.');
    const from = Math.floor((clock.now() + DAY) / 1000);
    expect(raise.data[0]).toMatchObject({ amount: '50.00', pending_amount: '100.00', pending_from: from });
    expect((await betNow(app, user.token, '60')).msg).toMatch(/daily stake limit of 50\.00 u/);

    clock.set(from * 1000 - 60_000);
    user.token = await freshToken(app, user);
    expect((await info(user.token)).limits[0]).toMatchObject({ amount: '50.00', pending_amount: '100.00' });
    expect((await betNow(app, user.token, '60')).msg).toMatch(/daily stake limit of 50\.00 u/);
    clock.set(from * 1000);
    expect((await info(user.token)).limits[0]).toMatchObject({ amount: '100.00', pending_amount: null, pending_from: null });
    advanceToOpen(app, clock, 0);
    expect((await betNow(app, user.token, '60')).code).toBe(1);

    // Removal waits too; lowering meanwhile applies at once and drops the waiting removal.
    const remove = await setLimit(app, user.token, 'stake', 'day');
    expect(remove.data[0]).toMatchObject({ amount: '100.00', pending_amount: null, pending_from: Math.floor((clock.now() + DAY) / 1000) });
    const lower = await setLimit(app, user.token, 'stake', 'day', '70');
    expect(lower.msg).toBe('Limit saved');
    expect(lower.data[0]).toMatchObject({ amount: '70.00', pending_amount: null, pending_from: null });
    expect((await betNow(app, user.token, '20')).msg).toMatch(/daily stake limit of 70\.00 u \(used: 60\.00 u\)/);

    // A removal that has waited its 24 hours leaves no limit.
    await setLimit(app, user.token, 'stake', 'day');
    advanceToOpen(app, clock, DAY);
    user.token = await freshToken(app, user);
    expect((await info(user.token)).limits).toEqual([]);
    expect((await betNow(app, user.token, '500')).code).toBe(1);
  });

  it('refuses malformed limits with a localised message and changes nothing', async () => {
    const user = await registerUser(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'fun', period: 'day', amount: '10' }, 'Unknown limit'],
      [{ kind: 'loss', period: 'year', amount: '10' }, 'Unknown limit'],
      [{ kind: 'loss', period: 'session', amount: '10' }, 'Unknown limit'],
      [{ kind: 'session', period: 'day', amount: '60' }, 'Unknown limit'],
      [{ kind: 'loss', period: 'day', amount: 'abc' }, 'Please enter a valid limit'],
      [{ kind: 'loss', period: 'day', amount: '-5' }, 'Please enter a valid limit'],
      [{ kind: 'session', period: 'session', amount: '5' }, 'The session limit must be between 10 and 1440 minutes'],
      [{ kind: 'session', period: 'session', amount: '1.5' }, 'The session limit must be between 10 and 1440 minutes'],
    ];
    for (const [body, msg] of cases) {
      const res = await rawCall(app, api.protection.setLimit, body, { token: user.token });
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    expect((await info(user.token)).limits).toEqual([]);
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.61.0.1' });
    expect((await callApi(app, api.protection.setLimit, { kind: 'loss', period: 'day', amount: '5' }, { token: guest.data.userinfo.token })).msg).toBe(
      'Guests must register as full members before doing this',
    );
  });
});

describe('session time limit', () => {
  it('refuses bets once this login session is older than the limit; a new sign-in starts a new session', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 1_000_00);
    await setLimit(app, user.token, 'session', 'session', '10');
    expect((await betNow(app, user.token, '10')).code).toBe(1);
    advanceToOpen(app, clock, 11 * 60_000);
    const refused = await betNow(app, user.token, '10');
    expect(refused.msg).toBe('You have reached your session time limit of 10 minutes. Please sign in again after a break.');
    expect((await info(user.token)).limits[0]).toMatchObject({ kind: 'session', amount: '10', resets_at: null });
    const login = await callApi(app, api.user.login, { account: user.username, password: user.password }, { ip: '10.62.0.1' });
    expect((await betNow(app, login.data.userinfo.token, '10')).code).toBe(1);
  });
});

describe('deposit limit', () => {
  it('counts deposit requests (pending or approved, not rejected) and refuses one past the limit', async () => {
    const user = await registerUser(app);
    await setLimit(app, user.token, 'deposit', 'day', '300');
    await requestDeposit(app, user.token, '200');
    const up = await upload(app, user.token, { data: PNG, filename: 's.png', contentType: 'image/png' });
    const refused = await callApi(app, api.wallet.depositRequest, { money: '150', channel: 'usdt', screenshot: up.data.url }, { token: user.token });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/^This would exceed your daily deposit limit of 300\.00 u \(used: 200\.00 u\)\. It resets at \d{4}-\d\d-\d\d 00:00\.$/);
    const n = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from deposits where user_id = ${user.userId}`);
    expect(n[0]!.n).toBe(1);
    expect((await callApi(app, api.wallet.depositRequest, { money: '100', channel: 'usdt', screenshot: up.data.url }, { token: user.token })).code).toBe(1);
  });

  it('treats reversing a pending withdrawal as money coming in', async () => {
    const user = await readyToWithdraw(app, 1_000_00);
    const withdraw = await callApi(app, api.wallet.withdrawAction, { type: 0, money: '200', securityCode: '123456' }, { token: user.token });
    expect(withdraw.code).toBe(1);
    await setLimit(app, user.token, 'deposit', 'month', '150');
    const refused = await callApi(app, api.protection.withdrawReverse, {}, { token: user.token });
    expect(refused.msg).toMatch(/^This would exceed your monthly deposit limit of 150\.00 u \(used: 0\.00 u\)/);
    expect((await balanceOf(app, user.userId)).money).toBe(800_00);
    // Lowering applies at once, raising waits: after 24 hours the raise lets the reversal through.
    await setLimit(app, user.token, 'deposit', 'month', '500');
    expect((await callApi(app, api.protection.withdrawReverse, {}, { token: user.token })).code).toBe(0);
    clock.advance(DAY);
    user.token = await freshToken(app, user);
    const ok = await callApi(app, api.protection.withdrawReverse, {}, { token: user.token });
    expect(ok.code).toBe(1);
    expect(ok.msg).toBe('The withdrawal was cancelled and the amount returned to your balance');
    expect(ok.data).toMatchObject({ money: '200.00', over: '1000.00' });
    expect((await balanceOf(app, user.userId)).money).toBe(1_000_00);
    expect((await info(user.token)).limits[0]).toMatchObject({ kind: 'deposit', used: '200.00' });
    expect((await callApi(app, api.protection.withdrawReverse, {}, { token: user.token })).msg).toBe('You have no withdrawal awaiting review');
    await checkLedgerInvariants(app.db);
  });
});

describe('reality check', () => {
  it('takes 15, 30 or 60 minutes, default 60, and can never be turned off', async () => {
    const user = await registerUser(app);
    expect((await info(user.token)).reality_check).toBe(60);
    for (const minutes of [0, 45, 90, 120, -1, 'off']) {
      const res = await callApi(app, api.protection.setRealityCheck, { minutes }, { token: user.token });
      expect(res.code, String(minutes)).toBe(0);
      expect(res.msg).toBe('Choose a reminder every 15, 30 or 60 minutes');
    }
    const ok = await callApi(app, api.protection.setRealityCheck, { minutes: 15 }, { token: user.token });
    expect(ok).toMatchObject({ code: 1, msg: 'Reminder saved', data: { reality_check: 15 } });
    const session = (await info(user.token)).session;
    expect(session).toEqual({ started_at: Math.floor(clock.now() / 1000), stake: '0.00', payout: '0.00', result: '0.00' });
  });
});

describe('operator view', () => {
  it("shows a player's limits on the console's user page", async () => {
    const user = await registerUser(app);
    await setLimit(app, user.token, 'loss', 'month', '500');
    await setLimit(app, user.token, 'loss', 'month', '900');
    const support = await operatorWithRole(app, 'support');
    const detail = await callApi(app, api.admin.userDetail, { id: user.userId }, { token: support });
    expect(detail.data.protection).toEqual({
      exclusion: null,
      reality_check: 60,
      limits: [{ kind: 'loss', period: 'month', amount: '500.00', pending_amount: '900.00', pending_from: Math.floor((clock.now() + DAY) / 1000) }],
    });
  });
});
