/**
 * An invite is kept through a guest session (issue 42 item 6): a visitor from a share link who tries
 * guest mode and then registers in place names the link's inviter in user/guestUpgrade, which applies
 * it with registration's own rules — a member only, and the invitee flagged when it shares the
 * inviter's IP or device — through the real API.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { createTestApp, registerUser, uniqueName, callApi } from '../helpers.js';

const app = await createTestApp();
let address = 0;
const nextIp = () => `10.61.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

async function guest(ip = nextIp()) {
  const res = await callApi(app, api.user.guestLogin, {}, { ip });
  expect(res.code).toBe(1);
  return res.data.userinfo as { token: string; user_id: number };
}

const upgrade = (token: string, body: Record<string, unknown>, ip = nextIp()) =>
  callApi(app, api.user.guestUpgrade, { username: uniqueName('was'), password: 'correct-horse-9', repassword: 'correct-horse-9', ...body }, { token, ip });

async function rowOf(userId: number) {
  const [row] = await queryRows<{ group_id: number; inviter_id: number | null; referral_flag: string | null }>(
    app.db,
    sql`select group_id, inviter_id, referral_flag from users where id = ${userId}`,
  );
  return row!;
}

const invited = async (inviter: { token: string }) => (await callApi(app, api.content.inviteInfo, {}, { token: inviter.token })).data.invited as number;

describe('user/guestUpgrade with the share link’s inviter', () => {
  it('makes the guest the inviter’s invitee: the referrer counts it', async () => {
    const referrer = await registerUser(app);
    expect(await invited(referrer)).toBe(0);
    const visitor = await guest();
    const res = await upgrade(visitor.token, { inviter_id: referrer.userId });
    expect(res.code, JSON.stringify(res)).toBe(1);
    expect(await rowOf(visitor.user_id)).toMatchObject({ group_id: 1, inviter_id: referrer.userId, referral_flag: null });
    expect(await invited(referrer)).toBe(1);
    // As a form field too ("inviter_id=12"), as registration takes it.
    const other = await guest();
    expect((await upgrade(other.token, { inviter_id: String(referrer.userId) })).code).toBe(1);
    expect(await invited(referrer)).toBe(2);
  });

  it('flags the invitee that shares the inviter’s IP or device, as registration does', async () => {
    const referrer = await registerUser(app);
    const signIn = await callApi(
      app,
      api.user.login,
      { account: referrer.username, password: referrer.password, device_id: 'phone-of-ref' },
      { ip: '10.62.0.1' },
    );
    expect(signIn.code).toBe(1);
    const sameIp = await guest('10.62.0.1');
    expect((await upgrade(sameIp.token, { inviter_id: referrer.userId }, '10.62.0.1')).code).toBe(1);
    const sameDevice = await guest();
    expect((await upgrade(sameDevice.token, { inviter_id: referrer.userId, device_id: 'phone-of-ref' })).code).toBe(1);
    const apart = await guest();
    expect((await upgrade(apart.token, { inviter_id: referrer.userId, device_id: 'phone-of-visitor' })).code).toBe(1);
    expect((await rowOf(sameIp.user_id)).referral_flag).toBe('ip');
    expect((await rowOf(sameDevice.user_id)).referral_flag).toBe('device');
    expect((await rowOf(apart.user_id)).referral_flag).toBeNull();
  });

  it('refuses an inviter that is not a member (unknown, a guest, the guest itself) and leaves the guest a guest', async () => {
    const visitor = await guest();
    const otherGuest = await guest();
    for (const inviter_id of [2_000_000_000, otherGuest.user_id, visitor.user_id, 0, 'abc']) {
      const res = await upgrade(visitor.token, { inviter_id });
      expect(res, String(inviter_id)).toMatchObject({ code: 0, msg: 'Invalid invitation code', field: 'inviter_id' });
      expect(await rowOf(visitor.user_id)).toMatchObject({ group_id: 2, inviter_id: null });
    }
    // Without one, the guest becomes a member invited by nobody.
    expect((await upgrade(visitor.token, {})).code).toBe(1);
    expect(await rowOf(visitor.user_id)).toMatchObject({ group_id: 1, inviter_id: null });
  });
});
