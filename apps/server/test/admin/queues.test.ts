import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { JPEG, PNG, balanceOf, createWalletApp, operatorWithRole, readyToWithdraw, requestDeposit, upload } from '../wallet/fixtures.js';

const { app } = await createWalletApp();

describe('admin/queueCounts', () => {
  it('counts pending deposits and withdrawals for finance, real-name reviews for support, all for admin', async () => {
    const [finance, support, admin] = [await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support'), await operatorWithRole(app, 'admin')];
    const before = (await callApi(app, api.admin.queueCounts, {}, { token: admin })).data;
    const user = await registerUser(app);
    await requestDeposit(app, user.token, '30');
    await requestDeposit(app, user.token, '40');
    const w = await readyToWithdraw(app, 50_000);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: w.token })).code).toBe(1);
    const all = (await callApi(app, api.admin.queueCounts, {}, { token: admin })).data;
    expect(all).toEqual({ deposits: before.deposits! + 2, withdrawals: before.withdrawals! + 1, real_names: before.real_names });
    expect((await callApi(app, api.admin.queueCounts, {}, { token: finance })).data).toEqual({ ...all, real_names: null });
    expect((await callApi(app, api.admin.queueCounts, {}, { token: support })).data).toEqual({ deposits: null, withdrawals: null, real_names: all.real_names });
    expect((await callApi(app, api.admin.queueCounts, {}, { token: user.token })).status).toBe(401);
  });

  it('support cannot approve or reject money; two finance operators on one withdrawal: one wins, the other is told it is processed', async () => {
    const [finA, finB, support] = [await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support')];
    const w = await readyToWithdraw(app, 50_000);
    await callApi(app, api.wallet.withdrawAction, { type: 0, money: '150', securityCode: '123456' }, { token: w.token });
    const list = (await callApi(app, api.admin.withdrawList, {}, { token: finA })).data;
    const id = list.find((r: any) => r.user_id === w.userId)!.id;
    for (const ref of [api.admin.withdrawApprove, api.admin.withdrawReject, api.admin.depositApprove, api.admin.depositReject, api.admin.withdrawList]) {
      expect((await rawCall(app, ref, { id, reason: 'x' }, { token: support })).status, ref.name).toBe(403);
    }
    const [a, b] = await Promise.all([
      callApi(app, api.admin.withdrawApprove, { id }, { token: finA }),
      callApi(app, api.admin.withdrawReject, { id, reason: 'duplicate' }, { token: finB }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect([a, b].find((r) => r.code === 0)!.msg).toBe('This request has already been processed');
  });

  it('two finance operators on one deposit, two support operators on one real-name request: one decision, one audit row', async () => {
    const [finA, finB, supA, supB] = [
      await operatorWithRole(app, 'finance'),
      await operatorWithRole(app, 'finance'),
      await operatorWithRole(app, 'support'),
      await operatorWithRole(app, 'support'),
    ];
    const user = await registerUser(app);
    const depositId = await requestDeposit(app, user.token, '60');
    const front = (await upload(app, user.token, { data: PNG, filename: 'f.png' }, { type: 'idcard' })).data.url;
    const back = (await upload(app, user.token, { data: JPEG, filename: 'b.jpg' }, { type: 'idcard' })).data.url;
    expect(
      (
        await callApi(
          app,
          api.wallet.shiming,
          { truename: 'Le Van B', idcard: 'C7654321', id_type: 'passport', idcard_zheng: front, idcard_fan: back },
          { token: user.token },
        )
      ).code,
    ).toBe(1);
    const realNameId = (await callApi(app, api.admin.realNameList, {}, { token: supA })).data.find((r: any) => r.user_id === user.userId)!.id;

    const [d1, d2, r1, r2] = await Promise.all([
      callApi(app, api.admin.depositApprove, { id: depositId }, { token: finA }),
      callApi(app, api.admin.depositApprove, { id: depositId }, { token: finB }),
      callApi(app, api.admin.realNameApprove, { id: realNameId }, { token: supA }),
      callApi(app, api.admin.realNameReject, { id: realNameId, reason: 'blurred' }, { token: supB }),
    ]);
    for (const pair of [
      [d1, d2],
      [r1, r2],
    ]) {
      expect(pair.map((r) => r.code).sort()).toEqual([0, 1]);
      expect(pair.find((r) => r.code === 0)!.msg).toBe('This request has already been processed');
    }
    expect((await balanceOf(app, user.userId)).money).toBe(6_000);
    const decisions = await queryRows<{ action: string; target_type: string }>(
      app.db,
      sql`
      select action, target_type from audit_log
      where (target_type = 'deposit' and target_id = ${String(depositId)}) or (target_type = 'real_name_request' and target_id = ${String(realNameId)})`,
    );
    expect(decisions.map((d) => d.target_type).sort()).toEqual(['deposit', 'real_name_request']);
    expect((await callApi(app, api.admin.depositList, {}, { token: finB })).data.some((d: any) => d.id === depositId)).toBe(false);
    expect((await callApi(app, api.admin.realNameList, {}, { token: supB })).data.some((r: any) => r.id === realNameId)).toBe(false);
  });

  it('a decided withdrawal no longer shows the payout account or ID number in full', async () => {
    const fin = await operatorWithRole(app, 'finance');
    const w = await readyToWithdraw(app, 50_000);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '120', securityCode: '123456' }, { token: w.token })).code).toBe(1);
    const pending = (await callApi(app, api.admin.withdrawList, {}, { token: fin })).data.find((r: any) => r.user_id === w.userId);
    expect(pending).toMatchObject({ idcard: '110101199003077774', account: { acc: 'Zhang San', acc_name: '6222020200112233' } });
    expect((await callApi(app, api.admin.withdrawApprove, { id: pending!.id }, { token: fin })).code).toBe(1);
    const paid = (await callApi(app, api.admin.withdrawList, { status: 1 }, { token: fin })).data.find((r: any) => r.id === pending!.id);
    expect(paid).toMatchObject({ idcard: '110*************74', account: { type: 0, acc: 'Z********', acc_name: '**** **** **** 2233', acc_bank: 'ICBC' } });
    expect(JSON.stringify(paid)).not.toMatch(/6222020200112233|110101199003077774/);
  });
});
