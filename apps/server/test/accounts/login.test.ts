import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser, callApi, rawCall } from '../helpers.js';

const app = await createTestApp();

describe('user/login, guestLogin, logout', () => {
  it('logs a member in with a fresh token each time; both tokens work', async () => {
    const u = await registerUser(app);
    const a = await callApi(app, api.user.login, { account: u.username, password: u.password });
    const b = await callApi(app, api.user.login, { account: u.username.toUpperCase(), password: u.password });
    expect(a.code).toBe(1);
    expect(a.msg).toBe('Login successful');
    expect(a.data.userinfo.user_id).toBe(u.userId);
    expect(b.data.userinfo.token).not.toBe(a.data.userinfo.token);
    for (const token of [a.data.userinfo.token, b.data.userinfo.token]) {
      expect((await callApi(app, api.user.userInfo, {}, { token })).code).toBe(1);
    }
  });

  it('checks username then password, and refuses a wrong password without saying which part was wrong', async () => {
    expect((await rawCall(app, api.user.login, {})).msg).toBe('Please enter username');
    expect((await rawCall(app, api.user.login, { account: 'someone' })).msg).toBe('Please enter password');
    const u = await registerUser(app);
    const wrong = await callApi(app, api.user.login, { account: u.username, password: 'not-the-password' });
    const unknown = await callApi(app, api.user.login, { account: 'nobody_here', password: 'whatever-1' });
    expect(wrong.code).toBe(0);
    expect(wrong.msg).toBe('Incorrect username or password');
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('locks an account out from one IP after repeated failures, but not from another IP', async () => {
    const u = await registerUser(app);
    for (let i = 0; i < 5; i++) {
      const r = await callApi(app, api.user.login, { account: u.username, password: 'bad-password' }, { ip: '203.0.113.5' });
      expect(r.msg).toBe('Incorrect username or password');
    }
    const locked = await callApi(app, api.user.login, { account: u.username, password: u.password }, { ip: '203.0.113.5' });
    expect(locked.status).toBe(429);
    // The first lock is a minute: said in the singular (a count picks the catalogue's `_one` form).
    expect(locked.msg).toBe('Too many attempts, please try again in 1 minute');
    const elsewhere = await callApi(app, api.user.login, { account: u.username, password: u.password }, { ip: '198.51.100.7' });
    expect(elsewhere.code).toBe(1);
  });

  it('logs a guest in as group 2 with a generated name; a guest cannot log in by password', async () => {
    const res = await callApi(app, api.user.guestLogin, {});
    expect(res.code).toBe(1);
    const info = res.data.userinfo;
    expect(info.group_id).toBe(2);
    expect(info.username).toMatch(/^guest_[0-9a-f]{10}$/);
    const me = await callApi(app, api.user.userInfo, {}, { token: info.token });
    expect(me.data.group_id).toBe(2);
  });

  it('logout revokes only that session', async () => {
    const u = await registerUser(app);
    const other = (await callApi(app, api.user.login, { account: u.username, password: u.password })).data.userinfo.token;
    const out = await callApi(app, api.user.logout, {}, { token: u.token });
    expect(out.code).toBe(1);
    const after = await callApi(app, api.user.userInfo, {}, { token: u.token });
    expect(after.status).toBe(401);
    expect(after.code).toBe(401);
    expect(after.msg).toBe('Please log in first');
    expect((await callApi(app, api.user.userInfo, {}, { token: other })).code).toBe(1);
  });

  it('answers 401 for a missing, malformed or made-up token on every account call', async () => {
    const calls = [
      api.user.userInfo,
      api.user.profile,
      api.user.newPass,
      api.user.safetyInfo,
      api.user.setSafety,
      api.user.payInfo,
      api.user.setPayInfo,
      api.user.logout,
    ];
    for (const ref of calls) {
      for (const token of [undefined, 'x', 'A'.repeat(43)]) {
        const res = await rawCall(app, ref, {}, { token });
        expect(res.status, `${ref.name} ${token}`).toBe(401);
        expect(res.code).toBe(401);
      }
    }
  });
});
