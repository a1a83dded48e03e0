import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { balanceOf, createWalletApp, operatorWithRole, readyToWithdraw } from '../wallet/fixtures.js';

const { app } = await createWalletApp();
const [support, finance, admin] = [await operatorWithRole(app, 'support'), await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'admin')];

const auditOf = (action: string, userId: number) =>
  queryRows<{ detail: any; operator_id: number }>(
    app.db,
    sql`
    select detail, operator_id from audit_log where action = ${action} and target_type = 'user' and target_id = ${String(userId)} order by id`,
  );

describe('user search and page', () => {
  it('finds players by id, username or nickname, and shows balances, inviter, invitees, sessions and masked accounts', async () => {
    const inviter = await registerUser(app, { username: `inv${Date.now().toString(36)}` });
    const player = await readyToWithdraw(app, 12_345);
    await app.db.execute(sql`update users set inviter_id = ${inviter.userId}, nickname = 'Lucky Star' where id = ${player.userId}`);
    expect((await callApi(app, api.admin.userSearch, { q: String(player.userId) }, { token: support })).data.list[0]!.id).toBe(player.userId);
    expect((await callApi(app, api.admin.userSearch, { q: player.username.toUpperCase() }, { token: finance })).data.list.map((u: any) => u.id)).toContain(
      player.userId,
    );
    const byNick = await callApi(app, api.admin.userSearch, { q: 'lucky st' }, { token: support });
    expect(byNick.data.list.map((u: any) => u.id)).toEqual([player.userId]);
    expect((await callApi(app, api.admin.userSearch, { q: '%' }, { token: support })).data.total).toBe(0);

    const detail = (await callApi(app, api.admin.userDetail, { id: player.userId }, { token: support })).data;
    expect(detail).toMatchObject({
      id: player.userId,
      money: '123.45',
      balance: '123.45',
      frozen: false,
      has_security_code: true,
      inviter: { id: inviter.userId, username: inviter.username },
    });
    expect(detail.sessions.length).toBe(1);
    expect(detail.accounts.find((a: any) => a.type === 0)).toMatchObject({ acc_name: '**** **** **** 2233', acc: 'Z********' });
    expect(JSON.stringify(detail)).not.toContain('6222020200112233');
    expect(detail).toHaveProperty('protection');
    const inv = (await callApi(app, api.admin.userDetail, { id: inviter.userId }, { token: support })).data;
    expect(inv.invitees).toMatchObject({ total: 1, list: [{ id: player.userId }] });
    const ledger = (await callApi(app, api.admin.userLedger, { id: player.userId }, { token: finance })).data;
    expect(ledger.list[0]).toMatchObject({ type: 4, quantity: '123.45' });
    expect((await callApi(app, api.admin.userBets, { id: player.userId }, { token: finance })).data).toEqual({ total: 0, list: [] });
    expect((await callApi(app, api.admin.userDetail, { id: 99999999 }, { token: support })).msg).toBe('Not found');
    for (const bad of [{ id: 'x' }, { id: [1] }, { id: 2147483648 }, {}]) {
      const res = await rawCall(app, api.admin.userDetail, bad, { token: support });
      expect([res.status, res.code, res.field], JSON.stringify(bad)).toEqual([200, 0, 'id']);
    }
  });

  it('reveals a payout account in full only through an audited call', async () => {
    const player = await readyToWithdraw(app, 0);
    const full = await callApi(app, api.admin.userRevealAccount, { id: player.userId, type: 0 }, { token: finance });
    expect(full.data).toMatchObject({ acc_name: '6222020200112233', acc: 'Zhang San', acc_bank: 'ICBC' });
    const rows = await auditOf('user.reveal_account', player.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toEqual({ type: 0 });
    const nobody = await registerUser(app);
    expect((await callApi(app, api.admin.userRevealAccount, { id: nobody.userId, type: 1 }, { token: finance })).msg).toBe('Not found');
  });

  it('players and the wrong roles cannot reach these calls', async () => {
    const player = await registerUser(app);
    for (const ref of [api.admin.userSearch, api.admin.userDetail, api.admin.userFreeze, api.admin.userGift, api.admin.userResetPassword]) {
      expect((await rawCall(app, ref, { id: player.userId }, { token: player.token })).status, ref.name).toBe(401);
    }
    const gift = await callApi(app, api.admin.userGift, { id: player.userId, amount: '10', reason: 'x' }, { token: support });
    expect(gift.status).toBe(403);
    for (const ref of [api.admin.userFreeze, api.admin.userResetPassword, api.admin.userResetSecurityCode]) {
      expect((await rawCall(app, ref, { id: player.userId, frozen: true, reason: 'x' }, { token: finance })).status, ref.name).toBe(403);
    }
    expect((await balanceOf(app, player.userId)).money).toBe(0);
  });
});

describe('freeze', () => {
  it('ends the sessions; a frozen player cannot log in, bet or withdraw; unfreeze restores sign-in', async () => {
    const player = await readyToWithdraw(app, 50_000);
    const res = await callApi(app, api.admin.userFreeze, { id: player.userId, frozen: true, reason: 'chargeback investigation' }, { token: support });
    expect(res.code).toBe(1);
    expect((await callApi(app, api.user.userInfo, {}, { token: player.token })).status).toBe(401);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: player.token })).status).toBe(401);
    const login = await callApi(app, api.user.login, { account: player.username, password: player.password }, { ip: '10.80.0.1' });
    expect(login.msg).toBe('This account is disabled, please contact customer service');
    const [row] = await auditOf('user.freeze', player.userId);
    expect(row!.detail).toEqual({ before: { frozen: false }, after: { frozen: true }, reason: 'chargeback investigation' });
    expect((await rawCall(app, api.admin.userFreeze, { id: player.userId, frozen: true }, { token: support })).field).toBe('reason');
    expect((await callApi(app, api.admin.userFreeze, { id: player.userId, frozen: false, reason: 'cleared' }, { token: admin })).code).toBe(1);
    expect((await callApi(app, api.user.login, { account: player.username, password: player.password }, { ip: '10.80.0.2' })).code).toBe(1);
  });
});

describe('gift', () => {
  it('credits one type-4 ledger row with the reason, audited, and keeps the books balanced', async () => {
    const player = await registerUser(app);
    const res = await callApi(app, api.admin.userGift, { id: player.userId, amount: '88.50', wallet: 'score', reason: 'Birthday bonus' }, { token: finance });
    expect(res.data.balance).toBe('88.50');
    expect(await balanceOf(app, player.userId)).toEqual({ money: 0, score: 8_850 });
    const rows = await queryRows<{ type: number; quantity: string; memo: string; wallet: string }>(
      app.db,
      sql`
      select type, quantity::text, memo, wallet from ledger where user_id = ${player.userId}`,
    );
    expect(rows).toEqual([{ type: 4, quantity: '8850', memo: 'Birthday bonus', wallet: 'score' }]);
    expect((await auditOf('user.gift', player.userId))[0]!.detail).toMatchObject({ amount: '88.50', wallet: 'score', reason: 'Birthday bonus' });
    for (const [body, field] of [
      [{ amount: '0', reason: 'x' }, 'amount'],
      [{ amount: '-5', reason: 'x' }, 'amount'],
      [{ amount: '1000000.01', reason: 'x' }, 'amount'],
      [{ amount: '5', reason: '' }, 'reason'],
      [{ amount: '5', reason: 'a\u0000b' }, 'reason'],
      [{ amount: '5', reason: 'x', wallet: 'gold' }, 'wallet'],
    ] as const) {
      const bad = await callApi(app, api.admin.userGift, { id: player.userId, ...body }, { token: finance });
      expect([bad.code, bad.field], JSON.stringify(body)).toEqual([0, field]);
    }
    expect((await callApi(app, api.admin.userGift, { id: 99999999, amount: '5', reason: 'x' }, { token: finance })).msg).toBe('Not found');
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });
});

describe('credential resets', () => {
  it('a password reset answers a one-time password once, ends sessions, and the old password stops working', async () => {
    const player = await registerUser(app);
    const res = await callApi(app, api.admin.userResetPassword, { id: player.userId, reason: 'Lost password, ID checked by phone' }, { token: support });
    const password = res.data.password as string;
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await callApi(app, api.user.userInfo, {}, { token: player.token })).status).toBe(401);
    expect((await callApi(app, api.user.login, { account: player.username, password: player.password }, { ip: '10.80.1.1' })).code).toBe(0);
    expect((await callApi(app, api.user.login, { account: player.username, password }, { ip: '10.80.1.2' })).code).toBe(1);
    const [row] = await auditOf('user.reset_password', player.userId);
    expect(JSON.stringify(row!.detail)).not.toContain(password);
  });

  it('a security-code reset clears the code so the player sets a new one', async () => {
    const player = await readyToWithdraw(app, 0);
    expect((await callApi(app, api.user.safetyInfo, {}, { token: player.token })).data.isTrue).toBe(true);
    expect((await callApi(app, api.admin.userResetSecurityCode, { id: player.userId, reason: 'Forgot code' }, { token: support })).code).toBe(1);
    expect((await callApi(app, api.user.safetyInfo, {}, { token: player.token })).data.isTrue).toBe(false);
    expect((await callApi(app, api.user.setSafety, { new_code: '654321' }, { token: player.token })).code).toBe(1);
  });
});
