/**
 * Lockouts hold under concurrency. Fifty wrong secrets sent at once are answered
 * "wrong" (which only happens after the hash check) at most `freeAttempts` = 5 times; every other
 * answer is the lockout refusal, which comes before any check. Request rate limits are off here so
 * that only the lockout decides.
 */
import { api, type CallRef, type InputOf } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { call, createTestApp, registerUser, callApi } from '../helpers.js';

const clock = new ManualClock(Date.UTC(2026, 0, 10, 4, 0, 0));
const app = await createTestApp({ clock, rateLimits: { login: false, register: false, secret: false, upload: false, bet: false } });

const WRONG_PASSWORD = 'Incorrect username or password';
const LOCKED = /^Too many attempts, please try again in (1 minute|\d+ minutes)$/;

/** Fires `n` copies of a call at once and counts the answers by message. */
async function burst(n: number, send: () => ReturnType<typeof call>) {
  const answers = await Promise.all(Array.from({ length: n }, send));
  const count = (match: (a: (typeof answers)[number]) => boolean) => answers.filter(match).length;
  return { answers, count };
}

const failuresOf = async (key: string) =>
  (await queryRows<{ failures: number }>(app.db, sql`select failures from auth_failures where key = ${key}`))[0]?.failures;

describe('lockouts under concurrency', () => {
  it('50 parallel wrong passwords: 5 are checked, 45 refused before the check; then even the right one waits', async () => {
    const u = await registerUser(app);
    const ip = '203.0.113.20';
    const { answers, count } = await burst(50, () => callApi(app, api.user.login, { account: u.username, password: 'wrong-password-1' }, { ip }));
    expect(count((a) => a.msg === WRONG_PASSWORD)).toBe(5);
    expect(count((a) => a.status === 429 && LOCKED.test(a.msg))).toBe(45);
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(await failuresOf(`login:${u.username.toLowerCase()}:${ip}`)).toBe(5);
    const right = await callApi(app, api.user.login, { account: u.username, password: u.password }, { ip });
    expect(right.status).toBe(429);
    expect(right.msg).toBe('Too many attempts, please try again in 1 minute');
    // Another IP is not locked (an attacker cannot lock a victim out).
    expect((await callApi(app, api.user.login, { account: u.username, password: u.password }, { ip: '198.51.100.20' })).code).toBe(1);
  });

  it('an unknown account is limited the same way', async () => {
    const { count } = await burst(50, () => callApi(app, api.user.login, { account: 'nobody_at_all', password: 'wrong-password-1' }, { ip: '203.0.113.21' }));
    expect(count((a) => a.msg === WRONG_PASSWORD)).toBe(5);
    expect(count((a) => a.status === 429)).toBe(45);
  });

  it('after the wait one more attempt is checked, and the wait doubles; a success clears the count', async () => {
    const u = await registerUser(app);
    const ip = '203.0.113.22';
    const login = (password: string) => callApi(app, api.user.login, { account: u.username, password }, { ip });
    await burst(50, () => login('wrong-password-1'));
    clock.advance(61_000);
    const { count } = await burst(50, () => login('wrong-password-1'));
    expect(count((a) => a.msg === WRONG_PASSWORD)).toBe(1);
    expect(count((a) => a.msg === 'Too many attempts, please try again in 2 minutes')).toBe(49);
    clock.advance(121_000);
    expect((await login(u.password)).code).toBe(1);
    expect(await failuresOf(`login:${u.username.toLowerCase()}:${ip}`)).toBeUndefined();
    expect((await login('wrong-password-1')).msg).toBe(WRONG_PASSWORD);
  });

  it('parallel CORRECT logins all pass (attempts on one key are checked one after the other)', async () => {
    const u = await registerUser(app);
    const { count } = await burst(20, () => callApi(app, api.user.login, { account: u.username, password: u.password }, { ip: '203.0.113.23' }));
    expect(count((a) => a.code === 1)).toBe(20);
  });

  it('50 parallel wrong old passwords (newPass): 5 are checked', async () => {
    const u = await registerUser(app);
    const { count } = await burst(50, () =>
      callApi(app, api.user.newPass, { after_pass: 'wrong-password-1', new_pass: 'another-pass-77', confirm_pass: 'another-pass-77' }, { token: u.token }),
    );
    expect(count((a) => a.msg === 'Current password is incorrect')).toBe(5);
    expect(count((a) => a.status === 429)).toBe(45);
    // The password did not change.
    expect((await callApi(app, api.user.login, { account: u.username, password: u.password }, { ip: '203.0.113.24' })).code).toBe(1);
  });

  it('50 parallel wrong security codes (setSafety): 5 are checked; the right code is then locked too', async () => {
    const u = await registerUser(app);
    expect((await callApi(app, api.user.setSafety, { new_code: '123456' }, { token: u.token })).code).toBe(1);
    const { count } = await burst(50, () => callApi(app, api.user.setSafety, { new_code: '111111', after_code: '654321' }, { token: u.token }));
    expect(count((a) => a.msg === 'Current security code is incorrect')).toBe(5);
    expect(count((a) => a.status === 429 && LOCKED.test(a.msg))).toBe(45);
    expect(await failuresOf(`safety:${u.userId}`)).toBe(5);
    const right = await callApi(app, api.user.setSafety, { new_code: '111111', after_code: '123456' }, { token: u.token });
    expect(right.status).toBe(429);
  });

  it('50 parallel wrong security codes (withdrawAction): 5 are checked, nothing is debited', async () => {
    const u = await registerUser(app);
    const must = async <C extends CallRef>(ref: C, body: InputOf<C> & { lang?: string }) =>
      expect((await callApi(app, ref, body, { token: u.token })).code).toBe(1);
    await must(api.user.profile, { idcard: '110101199003071110' });
    await must(api.user.setPayInfo, { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20' });
    await must(api.user.setSafety, { new_code: '123456' });
    const { postLedger, LedgerType } = await import('../../src/domain/ledger/post.js');
    await app.db.transaction((tx) => postLedger(tx, { userId: u.userId, type: LedgerType.gift, wallet: 'money', quantity: 50_000, memo: 'test' }));
    const { count } = await burst(50, () => callApi(app, api.wallet.withdrawAction, { type: 1, money: '100', securityCode: '000000' }, { token: u.token }));
    expect(count((a) => a.msg === 'Incorrect security code')).toBe(5);
    expect(count((a) => a.status === 429)).toBe(45);
    const [row] = await queryRows<{ money: number | string }>(app.db, sql`select money from users where id = ${u.userId}`);
    expect(Number(row!.money)).toBe(50_000);
  });
});
