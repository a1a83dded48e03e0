import { describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser } from '../helpers.js';

const app = await createTestApp();

describe('user/userInfo and user/profile', () => {
  it('answers the spec fields with real zero amounts for a new member', async () => {
    const u = await registerUser(app);
    const me = await call(app, '/api/user/userInfo', {}, { token: u.token });
    expect(me.data).toMatchObject({
      username: u.username,
      idcard: '',
      shiming: 0,
      today_profit: '0.00',
      profit: '0.00',
      money: '0.00',
      score: '0.00',
      balance: '0.00',
      group_id: 1,
      has_security_code: false,
    });
  });

  it('stores the ID-card number once and refuses to change it', async () => {
    const u = await registerUser(app);
    expect((await call(app, '/api/user/profile', { idcard: '11010519491231002X' }, { token: u.token })).code).toBe(1);
    const again = await call(app, '/api/user/profile', { idcard: '110105194912310030' }, { token: u.token });
    expect(again.code).toBe(0);
    expect(again.msg).toBe('Your ID number is already on file and cannot be changed');
    expect((await call(app, '/api/user/userInfo', {}, { token: u.token })).data.idcard).toBe('11010519491231002X');
  });

  it('refuses a malformed ID number, nickname or avatar and changes nothing', async () => {
    const u = await registerUser(app);
    const bad = [
      [{ idcard: '1234567890123456789' }, 'ID number must be 1–18 letters or digits'],
      [{ idcard: '12-34' }, 'ID number must be 1–18 letters or digits'],
      [{ nickname: 'x'.repeat(21) }, 'Nickname must be 1–20 characters'],
      [{ nickname: '' }, 'Please enter a nickname'],
      [{ nickname: '   ' }, 'Please enter a nickname'],
      [{ avatar: 9 }, 'Invalid avatar'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await call(app, '/api/user/profile', body, { token: u.token });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(msg);
    }
    const me = await call(app, '/api/user/userInfo', {}, { token: u.token });
    expect(me.data).toMatchObject({ idcard: '', nickname: u.username, avatar: 0 });
  });

  it('changes nickname and avatar of the caller only', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await call(app, '/api/user/profile', { nickname: 'Lucky A', avatar: 3 }, { token: a.token });
    expect((await call(app, '/api/user/userInfo', {}, { token: a.token })).data).toMatchObject({ nickname: 'Lucky A', avatar: 3 });
    expect((await call(app, '/api/user/userInfo', {}, { token: b.token })).data).toMatchObject({ nickname: b.username, avatar: 0 });
  });
});
