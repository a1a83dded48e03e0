import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { createTestApp, registerUser, callApi, rawCall } from '../helpers.js';

const app = await createTestApp();
const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe('user/payInfo and user/setPayInfo', () => {
  it('binds a bank card and shows it masked except the last 4 digits', async () => {
    const u = await registerUser(app);
    expect((await callApi(app, api.user.payInfo, { type: 0 }, { token: u.token })).data).toBeNull();
    const res = await callApi(app, api.user.setPayInfo, { type: 0, acc: '张三丰', acc_name: '6222 0202 0011 2233', acc_bank: 'ICBC' }, { token: u.token });
    expect(res.code).toBe(1);
    const shown = (await callApi(app, api.user.payInfo, { type: 0 }, { token: u.token })).data;
    expect(shown).toMatchObject({ type: 0, acc: '张**', acc_bank: 'ICBC' });
    expect(shown!.acc_name).toMatch(/^[* ]+2233$/);
    expect(JSON.stringify(shown)).not.toContain('62220202');
  });

  it('checks each bank-card field with its own message and stores nothing on failure', async () => {
    const u = await registerUser(app);
    const t = { token: u.token };
    const cases = [
      [{ type: 0 }, 'Please enter the cardholder'],
      [{ type: 0, acc: 'Ann' }, 'Please enter the card number'],
      [{ type: 0, acc: 'Ann', acc_name: '1234abcd5678' }, 'The card number must be 12–19 digits'],
      [{ type: 0, acc: 'Ann', acc_name: '12345678901' }, 'The card number must be 12–19 digits'],
      [{ type: 0, acc: 'Ann', acc_name: '123456789012' }, 'Please enter the bank name'],
      [{ type: 5, acc: 'Ann' }, 'Invalid account type'],
      [{}, 'Invalid account type'],
    ] as const;
    for (const [body, msg] of cases) {
      const res = await rawCall(app, api.user.setPayInfo, body, t);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.msg).toBe(msg);
    }
    expect((await callApi(app, api.user.payInfo, { type: 0 }, t)).data).toBeNull();
  });

  it('binds a wallet whose address matches its type', async () => {
    const u = await registerUser(app);
    const t = { token: u.token };
    expect((await callApi(app, api.user.setPayInfo, { type: 1 }, t)).msg).toBe('Please enter the wallet address');
    expect((await callApi(app, api.user.setPayInfo, { type: 1, acc: TRC20 }, t)).msg).toBe('Please choose the wallet type');
    expect((await callApi(app, api.user.setPayInfo, { type: 1, acc: TRC20, acc_name: 'btc' }, t)).msg).toBe('Wallet type must be trc20, erc20 or omni');
    expect((await callApi(app, api.user.setPayInfo, { type: 1, acc: TRC20, acc_name: 'erc20' }, t)).msg).toBe(
      'The wallet address does not match the chosen type',
    );
    expect((await callApi(app, api.user.setPayInfo, { type: 1, acc: TRC20, acc_name: 'TRC20' }, t)).code).toBe(1);
    expect((await callApi(app, api.user.payInfo, { type: 1 }, t)).data).toMatchObject({ type: 1, acc: TRC20, acc_name: 'trc20' });
    // Replacing the binding (with the security code) keeps one wallet.
    await callApi(app, api.user.setSafety, { new_code: '123456' }, t);
    const erc = '0x' + 'a'.repeat(40);
    expect((await callApi(app, api.user.setPayInfo, { type: 1, acc: erc, acc_name: 'erc20', securityCode: '123456' }, t)).code).toBe(1);
    expect((await callApi(app, api.user.payInfo, { type: 1 }, t)).data).toMatchObject({ acc: erc, acc_name: 'erc20' });
    const rows = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from pay_accounts where user_id = ${u.userId}`);
    expect(rows[0]!.n).toBe(1);
  });

  it("never shows or changes another user's accounts", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await callApi(app, api.user.setPayInfo, { type: 0, acc: 'Alice', acc_name: '6222020200119999', acc_bank: 'Bank A' }, { token: a.token });
    // B asks for "its" card, even naming A's id: it has none.
    expect((await rawCall(app, api.user.payInfo, { type: 0, user_id: a.userId }, { token: b.token })).data).toBeNull();
    await rawCall(app, api.user.setPayInfo, { type: 0, acc: 'Bob', acc_name: '6222020200118888', acc_bank: 'Bank B', user_id: a.userId }, { token: b.token });
    expect((await callApi(app, api.user.payInfo, { type: 0 }, { token: a.token })).data!.acc_name).toMatch(/9999$/);
    expect((await callApi(app, api.user.payInfo, { type: 0 }, { token: b.token })).data!.acc_name).toMatch(/8888$/);
  });
});

describe('replacing a bound account', () => {
  const CARD = { type: 0, acc: 'Ann Lee', acc_name: '6222020200112233', acc_bank: 'ICBC' };
  const OTHER_CARD = { type: 0, acc: 'Mallory', acc_name: '6222020200119999', acc_bank: 'Elsewhere Bank' };
  const WALLET = { type: 1, acc: TRC20, acc_name: 'trc20' };
  const OTHER_WALLET = { type: 1, acc: '0x' + 'b'.repeat(40), acc_name: 'erc20' };

  /** A player with a bound bank card and, unless told otherwise, the security code 123456. */
  async function boundPlayer(opts: { code?: boolean } = {}) {
    const u = await registerUser(app);
    const t = { token: u.token };
    expect((await callApi(app, api.user.setPayInfo, CARD, t)).code).toBe(1);
    if (opts.code !== false) expect((await callApi(app, api.user.setSafety, { new_code: '123456' }, t)).code).toBe(1);
    return { ...u, t };
  }
  const cardOf = async (userId: number) =>
    (
      await queryRows<{ acc: string; acc_name: string; acc_bank: string; changed_at: Date | string | null }>(
        app.db,
        sql`
      select acc, acc_name, acc_bank, changed_at from pay_accounts where user_id = ${userId} and type = 0`,
      )
    )[0]!;
  const stationMessages = async (token: string, lang = 'en') =>
    (await callApi(app, api.content.noticeList, { type: 1, page: 1, limit: 50 }, { token, lang })).data.list as { title: string; content: string }[];

  it('needs the security code: none given, a wrong one, then the right one', async () => {
    const u = await boundPlayer();
    const missing = await callApi(app, api.user.setPayInfo, OTHER_CARD, u.t);
    expect(missing).toMatchObject({ code: 0, msg: 'Enter your security code to change a bound account', field: 'securityCode' });
    expect((await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '' }, u.t)).msg).toBe('Enter your security code to change a bound account');
    const wrong = await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '654321' }, u.t);
    expect(wrong).toMatchObject({ code: 0, msg: 'Incorrect security code', field: 'securityCode' });
    expect(await cardOf(u.userId)).toMatchObject({ acc: 'Ann Lee', acc_name: '6222020200112233', changed_at: null });
    expect(await stationMessages(u.token)).toEqual([]);

    const right = await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '123456' }, u.t);
    expect(right).toMatchObject({ code: 1, msg: 'Set successfully', data: { type: 0, acc: 'M******', acc_bank: 'Elsewhere Bank' } });
    const card = await cardOf(u.userId);
    expect(card).toMatchObject({ acc: 'Mallory', acc_name: '6222020200119999', acc_bank: 'Elsewhere Bank' });
    expect(card.changed_at).not.toBeNull();
  });

  it('refuses, telling the player to set one first, when no security code is set', async () => {
    const u = await boundPlayer({ code: false });
    for (const securityCode of [undefined, '123456']) {
      const res = await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode }, u.t);
      expect(res).toMatchObject({ code: 0, msg: 'Set a security code first: changing a bound account needs it', field: 'securityCode' });
    }
    expect((await callApi(app, api.user.setPayInfo, OTHER_CARD, { token: u.token, lang: 'tw' })).msg).toBe('請先設定安全碼：更換已綁定的帳戶需要安全碼');
    expect(await cardOf(u.userId)).toMatchObject({ acc_name: '6222020200112233', changed_at: null });
  });

  it("tells the player in a station message written with the change, in the reader's language", async () => {
    const u = await boundPlayer();
    await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '123456' }, u.t);
    expect(await stationMessages(u.token)).toEqual([
      expect.objectContaining({
        title: 'Bank card changed',
        content:
          'The bank card for your withdrawals was changed to a Elsewhere Bank card ending in 9999. If you did not do this, change your password and contact customer service at once.',
      }),
    ]);
    expect((await stationMessages(u.token, 'zh'))[0]).toMatchObject({ title: '银行卡已更换', content: expect.stringContaining('Elsewhere Bank 尾号 9999') });
    // The wallet: a first one needs no code and sends nothing; replacing it does both.
    expect((await callApi(app, api.user.setPayInfo, WALLET, u.t)).code).toBe(1);
    expect(await stationMessages(u.token)).toHaveLength(1);
    expect((await callApi(app, api.user.setPayInfo, OTHER_WALLET, u.t)).msg).toBe('Enter your security code to change a bound account');
    expect((await callApi(app, api.user.setPayInfo, { ...OTHER_WALLET, securityCode: '123456' }, u.t)).code).toBe(1);
    expect((await stationMessages(u.token, 'vi'))[0]).toMatchObject({ title: 'Đã thay đổi ví', content: expect.stringContaining(`ERC20 ${OTHER_WALLET.acc}`) });
  });

  it('changes the account and writes its station message in one transaction', async () => {
    const u = await boundPlayer();
    // A broken notices table makes the message fail: the account must stay as it was.
    await app.db.execute(sql`alter table notices rename column msg_key to msg_key_gone`);
    try {
      const res = await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '123456' }, u.t);
      expect(res.status).toBe(500);
    } finally {
      await app.db.execute(sql`alter table notices rename column msg_key_gone to msg_key`);
    }
    expect(await cardOf(u.userId)).toMatchObject({ acc_name: '6222020200112233', changed_at: null });
  });

  it('counts wrong codes under the lockout every check of the security code shares', async () => {
    const u = await boundPlayer();
    for (let i = 0; i < 5; i++)
      expect((await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '000000' }, u.t)).msg).toBe('Incorrect security code');
    const locked = await callApi(app, api.user.setPayInfo, { ...OTHER_CARD, securityCode: '123456' }, u.t);
    expect(locked.status).toBe(429);
    // The same key as every other check of the code: changing the code is locked too.
    expect((await callApi(app, api.user.setSafety, { new_code: '222222', after_code: '123456' }, u.t)).status).toBe(429);
    expect(await cardOf(u.userId)).toMatchObject({ acc_name: '6222020200112233' });
  });

  it('judges two first bindings sent at once as one binding and one replacement', async () => {
    const u = await registerUser(app);
    await callApi(app, api.user.setSafety, { new_code: '123456' }, { token: u.token });
    const [a, b] = await Promise.all([
      callApi(app, api.user.setPayInfo, CARD, { token: u.token }),
      callApi(app, api.user.setPayInfo, OTHER_CARD, { token: u.token }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    const refused = a.code === 0 ? a : b;
    expect(refused.msg).toBe('Enter your security code to change a bound account');
    const kept = a.code === 1 ? CARD : OTHER_CARD;
    expect(await cardOf(u.userId)).toMatchObject({ acc_name: kept.acc_name, changed_at: null });
  });
});
