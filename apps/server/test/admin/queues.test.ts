import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../helpers.js';
import { createWalletApp, operatorWithRole, readyToWithdraw, requestDeposit } from '../wallet/fixtures.js';

const { app } = await createWalletApp();

describe('admin/queueCounts', () => {
  it('counts pending deposits and withdrawals for finance, real-name reviews for support, all for admin', async () => {
    const [finance, support, admin] = [await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support'), await operatorWithRole(app, 'admin')];
    const before = (await call(app, '/api/admin/queueCounts', {}, { token: admin })).data;
    const user = await registerUser(app);
    await requestDeposit(app, user.token, '30');
    await requestDeposit(app, user.token, '40');
    const w = await readyToWithdraw(app, 50_000);
    expect((await call(app, '/api/user/withdrawAction', { type: 0, money: '100', securityCode: '123456' }, { token: w.token })).code).toBe(1);
    const all = (await call(app, '/api/admin/queueCounts', {}, { token: admin })).data;
    expect(all).toEqual({ deposits: before.deposits + 2, withdrawals: before.withdrawals + 1, real_names: before.real_names });
    expect((await call(app, '/api/admin/queueCounts', {}, { token: finance })).data).toEqual({ ...all, real_names: null });
    expect((await call(app, '/api/admin/queueCounts', {}, { token: support })).data).toEqual({ deposits: null, withdrawals: null, real_names: all.real_names });
    expect((await call(app, '/api/admin/queueCounts', {}, { token: user.token })).status).toBe(401);
  });

  it('support cannot approve or reject money; two finance operators on one withdrawal: one wins, the other is told it is processed', async () => {
    const [finA, finB, support] = [await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support')];
    const w = await readyToWithdraw(app, 50_000);
    await call(app, '/api/user/withdrawAction', { type: 0, money: '150', securityCode: '123456' }, { token: w.token });
    const list = (await call(app, '/api/admin/withdrawList', {}, { token: finA })).data;
    const id = list.find((r: any) => r.user_id === w.userId).id;
    for (const url of ['/api/admin/withdrawApprove', '/api/admin/withdrawReject', '/api/admin/depositApprove', '/api/admin/depositReject', '/api/admin/withdrawList']) {
      expect((await call(app, url, { id, reason: 'x' }, { token: support })).status, url).toBe(403);
    }
    const [a, b] = await Promise.all([
      call(app, '/api/admin/withdrawApprove', { id }, { token: finA }),
      call(app, '/api/admin/withdrawReject', { id, reason: 'duplicate' }, { token: finB }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect([a, b].find((r) => r.code === 0)!.msg).toBe('This request has already been processed');
  });
});
