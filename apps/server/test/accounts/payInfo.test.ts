import { describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser } from '../helpers.js';

const app = await createTestApp();
const TRC20 = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe('user/payInfo and user/setPayInfo', () => {
  it('binds a bank card and shows it masked except the last 4 digits', async () => {
    const u = await registerUser(app);
    expect((await call(app, '/api/user/payInfo', { type: 0 }, { token: u.token })).data).toBeNull();
    const res = await call(app, '/api/user/setPayInfo', { type: 0, acc: '张三丰', acc_name: '6222 0202 0011 2233', acc_bank: 'ICBC' }, { token: u.token });
    expect(res.code).toBe(1);
    const shown = (await call(app, '/api/user/payInfo', { type: 0 }, { token: u.token })).data;
    expect(shown).toMatchObject({ type: 0, acc: '张**', acc_bank: 'ICBC' });
    expect(shown.acc_name).toMatch(/^[* ]+2233$/);
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
      const res = await call(app, '/api/user/setPayInfo', body, t);
      expect(res.code, JSON.stringify(body)).toBe(0);
      expect(res.msg).toBe(msg);
    }
    expect((await call(app, '/api/user/payInfo', { type: 0 }, t)).data).toBeNull();
  });

  it('binds a wallet whose address matches its type', async () => {
    const u = await registerUser(app);
    const t = { token: u.token };
    expect((await call(app, '/api/user/setPayInfo', { type: 1 }, t)).msg).toBe('Please enter the wallet address');
    expect((await call(app, '/api/user/setPayInfo', { type: 1, acc: TRC20 }, t)).msg).toBe('Please choose the wallet type');
    expect((await call(app, '/api/user/setPayInfo', { type: 1, acc: TRC20, acc_name: 'btc' }, t)).msg).toBe('Wallet type must be trc20, erc20 or omni');
    expect((await call(app, '/api/user/setPayInfo', { type: 1, acc: TRC20, acc_name: 'erc20' }, t)).msg).toBe('The wallet address does not match the chosen type');
    expect((await call(app, '/api/user/setPayInfo', { type: 1, acc: TRC20, acc_name: 'TRC20' }, t)).code).toBe(1);
    expect((await call(app, '/api/user/payInfo', { type: 1 }, t)).data).toMatchObject({ type: 1, acc: TRC20, acc_name: 'trc20' });
    // Replacing the binding keeps one wallet.
    const erc = '0x' + 'a'.repeat(40);
    expect((await call(app, '/api/user/setPayInfo', { type: 1, acc: erc, acc_name: 'erc20' }, t)).code).toBe(1);
    expect((await call(app, '/api/user/payInfo', { type: 1 }, t)).data).toMatchObject({ acc: erc, acc_name: 'erc20' });
  });

  it("never shows or changes another user's accounts", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    await call(app, '/api/user/setPayInfo', { type: 0, acc: 'Alice', acc_name: '6222020200119999', acc_bank: 'Bank A' }, { token: a.token });
    // B asks for "its" card, even naming A's id: it has none.
    expect((await call(app, '/api/user/payInfo', { type: 0, user_id: a.userId }, { token: b.token })).data).toBeNull();
    await call(app, '/api/user/setPayInfo', { type: 0, acc: 'Bob', acc_name: '6222020200118888', acc_bank: 'Bank B', user_id: a.userId }, { token: b.token });
    expect((await call(app, '/api/user/payInfo', { type: 0 }, { token: a.token })).data.acc_name).toMatch(/9999$/);
    expect((await call(app, '/api/user/payInfo', { type: 0 }, { token: b.token })).data.acc_name).toMatch(/8888$/);
  });
});
