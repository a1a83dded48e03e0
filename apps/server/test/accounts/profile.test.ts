import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser, callApi } from '../helpers.js';

const app = await createTestApp();

describe('user/userInfo and user/profile', () => {
  it('answers the spec fields with real zero amounts for a new member', async () => {
    const u = await registerUser(app);
    const me = await callApi(app, api.user.userInfo, {}, { token: u.token });
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
    expect((await callApi(app, api.user.profile, { idcard: '11010519491231002X' }, { token: u.token })).code).toBe(1);
    const again = await callApi(app, api.user.profile, { idcard: '110101199003071233' }, { token: u.token });
    expect(again.code).toBe(0);
    expect(again.msg).toBe('Your ID number is already on file and cannot be changed');
    expect((await callApi(app, api.user.userInfo, {}, { token: u.token })).data.idcard).toBe('11010519491231002X');
  });

  it('refuses a malformed ID number, nickname or avatar and changes nothing', async () => {
    const u = await registerUser(app);
    const bad = [
      [{ idcard: '1234567890123456789' }, 'Please enter a valid mainland or Taiwan ID number, or choose the document type'],
      [{ idcard: '12-34', id_type: 'passport' }, 'A passport number is 5–20 letters or digits'],
      [{ nickname: 'x'.repeat(21) }, 'Nickname must be 1–20 characters'],
      [{ nickname: '' }, 'Please enter a nickname'],
      [{ nickname: '   ' }, 'Please enter a nickname'],
      [{ avatar: 9 }, 'Invalid avatar'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await callApi(app, api.user.profile, body, { token: u.token });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(msg);
    }
    const me = await callApi(app, api.user.userInfo, {}, { token: u.token });
    expect(me.data).toMatchObject({ idcard: '', nickname: u.username, avatar: 0 });
  });

  it('stores a nickname in NFKC form: full-width letters and exotic spaces become their plain form', async () => {
    const u = await registerUser(app);
    const cases = [
      ['\uFF2C\uFF55\uFF43\uFF4B\uFF59\uFF12\uFF18', 'Lucky28'], // full-width "Ｌｕｃｋｙ２８"
      ['Ａｌｉｃｅ\u3000Ｌｅｅ', 'Alice Lee'], // ideographic space
      ['Bob\u00A0\u00A0 Ng', 'Bob Ng'], // no-break spaces, a run made one
      ['ｶﾀｶﾅ', 'カタカナ'], // half-width katakana
    ] as const;
    for (const [sent, stored] of cases) {
      expect((await callApi(app, api.user.profile, { nickname: sent }, { token: u.token })).code, sent).toBe(1);
      expect((await callApi(app, api.user.userInfo, {}, { token: u.token })).data.nickname, sent).toBe(stored);
    }
  });

  it("refuses a nickname with invisible or direction-control characters, in the caller's language, and keeps the old one", async () => {
    const u = await registerUser(app);
    expect((await callApi(app, api.user.profile, { nickname: 'Kept' }, { token: u.token })).code).toBe(1);
    const hidden = [
      'ad\u200Bmin', // zero-width space
      'ad\u200Cmin', // zero-width non-joiner
      'ad\u200Dmin', // zero-width joiner
      'admin\u200E', // left-to-right mark
      '\u200Fadmin', // right-to-left mark
      'ad\u2060min', // word joiner
      '\uFEFFadmin', // byte-order mark (trim() would drop it silently)
      'ad\u00ADmin', // soft hyphen
      'ad\u202Enimda', // right-to-left override
      'ad\u2067min\u2069', // right-to-left isolate
      '\u3164', // Hangul filler alone
      'ad\u2028min', // line separator
    ];
    for (const nickname of hidden) {
      const res = await callApi(app, api.user.profile, { nickname }, { token: u.token });
      expect(res, JSON.stringify(nickname)).toMatchObject({
        code: 0,
        field: 'nickname',
        msg: 'A nickname cannot contain invisible or text-direction control characters',
      });
    }
    const zh = await callApi(app, api.user.profile, { nickname: 'a\u200Bb' }, { token: u.token, lang: 'zh' });
    expect(zh.msg).toBe('昵称不能包含不可见字符或文字方向控制字符');
    // Still within 20 characters after normalisation.
    const long = await callApi(app, api.user.profile, { nickname: '\u337F'.repeat(6) }, { token: u.token }); // ㍿ → 株式会社
    expect(long).toMatchObject({ code: 0, field: 'nickname', msg: 'Nickname must be 1–20 characters' });
    expect((await callApi(app, api.user.userInfo, {}, { token: u.token })).data.nickname).toBe('Kept');
  });

  it('lets two players hold the same nickname (a display name; the username is the identity)', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    expect((await callApi(app, api.user.profile, { nickname: 'Twin' }, { token: a.token })).code).toBe(1);
    expect((await callApi(app, api.user.profile, { nickname: 'Ｔｗｉｎ' }, { token: b.token })).code).toBe(1);
    expect((await callApi(app, api.user.userInfo, {}, { token: b.token })).data.nickname).toBe('Twin');
  });

  it('changes nickname and avatar of the caller only', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await callApi(app, api.user.profile, { nickname: 'Lucky A', avatar: 3 }, { token: a.token });
    expect((await callApi(app, api.user.userInfo, {}, { token: a.token })).data).toMatchObject({ nickname: 'Lucky A', avatar: 3 });
    expect((await callApi(app, api.user.userInfo, {}, { token: b.token })).data).toMatchObject({ nickname: b.username, avatar: 0 });
  });
});
