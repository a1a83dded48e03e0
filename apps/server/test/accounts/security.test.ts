import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser, callApi, rawCall } from '../helpers.js';

const app = await createTestApp();

describe('user/newPass', () => {
  it('checks old, new and confirmation in order', async () => {
    const u = await registerUser(app);
    const t = { token: u.token };
    expect((await rawCall(app, api.user.newPass, {}, t)).msg).toBe('Please enter your current password');
    expect((await rawCall(app, api.user.newPass, { after_pass: u.password }, t)).msg).toBe('Please enter a new password');
    expect((await callApi(app, api.user.newPass, { after_pass: u.password, new_pass: 'short' }, t)).msg).toBe('Password must be 8–64 characters');
    expect((await callApi(app, api.user.newPass, { after_pass: u.password, new_pass: 'new-password-1', confirm_pass: 'other-pass-1' }, t)).msg).toBe(
      'The two passwords are inconsistent',
    );
    expect((await callApi(app, api.user.newPass, { after_pass: u.password, new_pass: u.password }, t)).msg).toBe(
      'The new password must differ from the current one',
    );
    expect((await callApi(app, api.user.newPass, { after_pass: 'wrong-old-pass', new_pass: 'new-password-1' }, t)).msg).toBe('Current password is incorrect');
    // Nothing changed: the old password still logs in.
    expect((await callApi(app, api.user.login, { account: u.username, password: u.password })).code).toBe(1);
  });

  it('changes the password, revokes every session and hands this device a fresh token', async () => {
    const u = await registerUser(app);
    const other = (await callApi(app, api.user.login, { account: u.username, password: u.password })).data.userinfo.token;
    const res = await callApi(
      app,
      api.user.newPass,
      { after_pass: u.password, new_pass: 'brand-new-pass', confirm_pass: 'brand-new-pass' },
      { token: u.token },
    );
    expect(res.code).toBe(1);
    const fresh = res.data.userinfo.token;
    expect((await callApi(app, api.user.userInfo, {}, { token: u.token })).status).toBe(401);
    expect((await callApi(app, api.user.userInfo, {}, { token: other })).status).toBe(401);
    expect((await callApi(app, api.user.userInfo, {}, { token: fresh })).code).toBe(1);
    expect((await callApi(app, api.user.login, { account: u.username, password: u.password })).code).toBe(0);
    expect((await callApi(app, api.user.login, { account: u.username, password: 'brand-new-pass' })).code).toBe(1);
  });
});

describe('user/safetyInfo and user/setSafety', () => {
  it('sets a 6-digit code once without an old code, then requires the old one to change it', async () => {
    const u = await registerUser(app);
    const t = { token: u.token };
    expect((await callApi(app, api.user.safetyInfo, {}, t)).data).toEqual({ isTrue: false });
    expect((await rawCall(app, api.user.setSafety, {}, t)).msg).toBe('Please enter the security code');
    for (const bad of ['12345', '1234567', 'abcdef']) {
      expect((await callApi(app, api.user.setSafety, { new_code: bad }, t)).msg).toBe('The security code must be 6 digits');
    }
    expect((await callApi(app, api.user.safetyInfo, {}, t)).data).toEqual({ isTrue: false });
    const set = await callApi(app, api.user.setSafety, { new_code: '123456' }, t);
    expect(set.code).toBe(1);
    expect(set.msg).toBe('Set successfully');
    expect((await callApi(app, api.user.safetyInfo, {}, t)).data).toEqual({ isTrue: true });

    expect((await callApi(app, api.user.setSafety, { new_code: '654321' }, t)).msg).toBe('Please enter your current security code');
    expect((await callApi(app, api.user.setSafety, { new_code: '654321', after_code: '000000' }, t)).msg).toBe('Current security code is incorrect');
    expect((await callApi(app, api.user.setSafety, { new_code: '654321', after_code: '123456' }, t)).code).toBe(1);
    expect((await callApi(app, api.user.setSafety, { new_code: '111111', after_code: '123456' }, t)).msg).toBe('Current security code is incorrect');
  });

  it('locks code guessing after repeated wrong codes', async () => {
    const u = await registerUser(app);
    const t = { token: u.token };
    await callApi(app, api.user.setSafety, { new_code: '246810' }, t);
    for (let i = 0; i < 5; i++) await callApi(app, api.user.setSafety, { new_code: '111111', after_code: String(100000 + i) }, t);
    const locked = await callApi(app, api.user.setSafety, { new_code: '111111', after_code: '246810' }, t);
    expect(locked.status).toBe(429);
    expect(locked.msg).toMatch(/^Too many attempts/);
  });
});
