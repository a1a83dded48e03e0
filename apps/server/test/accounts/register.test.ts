import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser, uniqueName, callApi, rawCall } from '../helpers.js';

const app = await createTestApp();

describe('user/register', () => {
  it('creates a member with a session and answers its userinfo', async () => {
    const username = uniqueName('alice');
    const res = await rawCall(app, api.user.register, { username, password: 'secret-pass-1', repassword: 'secret-pass-1', group_id: 7 });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Registration successful');
    const info = res.data.userinfo;
    expect(info.token).toMatch(/^[\w-]{43}$/);
    expect(info.group_id).toBe(1);
    expect(info.money).toBe('0.00');
    const me = await callApi(app, api.user.userInfo, {}, { token: info.token });
    expect(me.data.username).toBe(username);
    expect(me.msg.username).toBe(username);
  });

  it('checks the fields in the spec order, each with its own localised message, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'username', 'Please enter username'],
      [{ username: 'bob_ok1' }, 'password', 'Please enter password'],
      [{ username: 'bob_ok1', password: 'short' }, 'password', 'Password must be 8–64 characters'],
      [{ username: 'bob_ok1', password: 'long-enough', repassword: 'different1' }, 'repassword', 'The two passwords are inconsistent'],
      [{ username: '9bad', password: 'long-enough' }, 'username', 'Username must be 4–20 letters, digits or underscores, starting with a letter'],
      [{ username: 'bob_ok1', password: 'long-enough', inviter_id: '999999' }, 'inviter_id', 'Invalid invitation code'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await rawCall(app, api.user.register, body);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.field).toBe(field);
      expect(res.msg).toBe(msg);
    }
    const login = await callApi(app, api.user.login, { account: 'bob_ok1', password: 'long-enough' });
    expect(login.code).toBe(0);
  });

  it('answers in the requested language, traditional Chinese by default', async () => {
    expect((await rawCall(app, api.user.register, {}, { lang: 'zh' })).msg).toBe('请输入用户名');
    expect((await rawCall(app, api.user.register, {}, { lang: 'vi' })).msg).toBe('Vui lòng nhập tên đăng nhập');
    const noLang = await app.inject({ method: 'POST', url: api.user.register.path, payload: {} });
    expect(noLang.json().msg).toBe('請輸入用戶名');
  });

  it('refuses a taken username, whatever its case', async () => {
    const { username } = await registerUser(app);
    const res = await callApi(app, api.user.register, { username: username.toUpperCase(), password: 'another-pass' });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('This username is already taken');
  });

  it('links a real inviter', async () => {
    const inviter = await registerUser(app);
    const invited = await registerUser(app, { inviter_id: String(inviter.userId) });
    expect(invited.userId).toBeGreaterThan(inviter.userId);
  });
});
