import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { localTime } from '../../src/domain/protection/periods.js';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { checkLedgerInvariants, fund } from '../game/kit.js';
import { balanceOf, operatorWithRole, readyToWithdraw, requestDeposit } from '../wallet/fixtures.js';
import { betNow, createProtectionApp, firstRoom, freshToken, signIn } from './kit.js';

const { app, clock } = await createProtectionApp();
const DAY = 24 * 60 * 60 * 1000;
const TZ = app.config.timeZone;

const takeBreak = (token: string, body: Record<string, unknown>, lang = 'en') => rawCall(app, api.protection.takeBreak, body, { token, lang });

describe('time-out', () => {
  it('ends every session; sign-in only says when it ends; no bet, no deposit; a pending withdrawal still goes through; expiry alone ends it', async () => {
    const user = await readyToWithdraw(app, 1_000_00);
    const second = await freshToken(app, user);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: user.token })).code).toBe(1);

    const res = await takeBreak(user.token, { kind: 'timeout', duration: '24h' });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Your break has started');
    const until = clock.now() + DAY;
    expect(res.data).toEqual({ kind: 'timeout', until: Math.floor(until / 1000), since: Math.floor(clock.now() / 1000) });

    // Both sessions ended at once.
    for (const token of [user.token, second]) {
      expect((await callApi(app, api.user.userInfo, {}, { token })).status).toBe(401);
      expect((await betNow(app, token, '10')).status).toBe(401);
    }
    // Sign-in says when it ends, and nothing else (no token).
    const login = await signIn(app, user);
    expect(login.code).toBe(0);
    expect(login.msg).toBe(`You are taking a break until ${localTime(until, TZ)}. Your account opens again then.`);
    expect(login.data).toBeNull();
    const vi = await callApi(app, api.user.login, { account: user.username, password: user.password }, { ip: '10.64.0.9', lang: 'vi' });
    expect(vi.msg).toBe(`Bạn đang tạm nghỉ đến ${localTime(until, TZ)}. Tài khoản sẽ mở lại khi đó.`);
    // A wrong password learns nothing about the break.
    expect((await callApi(app, api.user.login, { account: user.username, password: 'wrong-password-1' }, { ip: '10.64.0.8' })).msg).toBe(
      'Incorrect username or password',
    );

    // The bet path refuses by itself too (whatever the session); the deposit path: next test.
    const issue = roundAt(clock.now(), app.game.settings).issue;
    await expect(app.game.placeBets({ userId: user.userId, gameId: 7, roomId: firstRoom(app), issue, playTypes: [1], amounts: [10_00] })).rejects.toMatchObject(
      {
        key: 'err.excluded_timeout',
      },
    );

    // The pending withdrawal still goes through.
    const finance = await operatorWithRole(app, 'finance');
    const [w] = await queryRows<{ id: number }>(app.db, sql`select id from withdrawals where user_id = ${user.userId} and status = 0`);
    expect((await callApi(app, api.admin.withdrawApprove, { id: w!.id }, { token: finance })).code).toBe(1);

    // Nothing an operator can do lifts it: unfreezing changes nothing.
    const support = await operatorWithRole(app, 'support');
    await callApi(app, api.admin.userFreeze, { id: user.userId, frozen: false, reason: 'player asked' }, { token: support });
    const detail = await callApi(app, api.admin.userDetail, { id: user.userId }, { token: support });
    expect(detail.data.protection.exclusion).toEqual({ kind: 'timeout', until: Math.floor(until / 1000), since: Math.floor((until - DAY) / 1000) });
    expect((await signIn(app, user)).code).toBe(0);

    // A shorter break cannot shorten it (the player is signed out anyway; the domain keeps the later end).
    clock.set(until - 1_000);
    expect((await signIn(app, user)).code).toBe(0);
    clock.set(until);
    const back = await signIn(app, user);
    expect(back.code).toBe(1);
    const supportLater = await operatorWithRole(app, 'support');
    expect((await callApi(app, api.admin.userDetail, { id: user.userId }, { token: supportLater })).data.protection.exclusion).toBeNull();
    expect((await balanceOf(app, user.userId)).money).toBe(900_00);
    await checkLedgerInvariants(app.db);
  });

  it('refuses a deposit request and a bet while excluded, with the same message', async () => {
    const user = await registerUser(app);
    await fund(app, user.userId, 100_00);
    const token = user.token;
    // Exclude directly in the database while the session lives on, to show the money paths refuse by themselves.
    const until = clock.now() + 7 * DAY;
    await app.db.execute(sql`update users set excluded_until = ${new Date(until).toISOString()}, exclusion_kind = 'timeout' where id = ${user.userId}`);
    const bet = await betNow(app, token, '10');
    expect(bet.msg).toBe(`You are taking a break until ${localTime(until, TZ)}. Your account opens again then.`);
    const deposit = await requestDeposit(app, token, '100').catch((e: Error) => e.message);
    expect(deposit).toContain('You are taking a break until');
    expect((await callApi(app, api.protection.withdrawReverse, {}, { token })).msg).toContain('You are taking a break until');
    expect((await balanceOf(app, user.userId)).money).toBe(100_00);
  });

  it('refuses durations that are not offered', async () => {
    const user = await registerUser(app);
    for (const body of [
      { kind: 'timeout', duration: '6m' },
      { kind: 'timeout', duration: '1h' },
      { kind: 'nap', duration: '24h' },
      { kind: 'self_exclusion', duration: '7d', password: user.password },
    ]) {
      const res = await takeBreak(user.token, body);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.msg).toBe('Please choose how long the break lasts');
    }
    expect((await callApi(app, api.user.userInfo, {}, { token: user.token })).code).toBe(1);
  });
});

describe('self-exclusion', () => {
  it('needs the password, then holds for its whole length; a later time-out cannot shorten it', async () => {
    const user = await registerUser(app);
    expect((await takeBreak(user.token, { kind: 'self_exclusion', duration: '6m' })).msg).toBe('Please enter your password to confirm');
    expect((await takeBreak(user.token, { kind: 'self_exclusion', duration: '6m', password: 'not-my-password' })).msg).toBe('The password is not correct');
    expect((await callApi(app, api.user.userInfo, {}, { token: user.token })).code).toBe(1);

    const second = await freshToken(app, user);
    const res = await takeBreak(user.token, { kind: 'self_exclusion', duration: '6m', password: user.password }, 'tw');
    expect(res.code).toBe(1);
    const until = res.data.until * 1000;
    expect(until).toBeGreaterThan(clock.now() + 180 * DAY);
    expect(res.data.kind).toBe('self_exclusion');
    // The other session ended too, so nothing can follow; in the domain a shorter break keeps the longer end.
    expect((await takeBreak(second, { kind: 'timeout', duration: '24h' })).status).toBe(401);
    const { startBreak } = await import('../../src/domain/protection/exclusion.js');
    const kept = await app.db.transaction((tx) => startBreak(tx, { userId: user.userId, kind: 'timeout', duration: '24h', now: clock.now() }));
    expect(kept).toMatchObject({ kind: 'self_exclusion', until });

    const login = await signIn(app, user);
    expect(login.msg).toBe(`You have excluded yourself until ${localTime(until, TZ)}. Your account opens again then.`);
    clock.set(until + 1);
    expect((await signIn(app, user)).code).toBe(1);
  });
});
