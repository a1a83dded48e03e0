import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { callApi } from '../helpers.js';
import { balanceOf, createWalletApp, readyToWithdraw } from './fixtures.js';

const { app } = await createWalletApp();

const info = async (token: string) => (await callApi(app, api.wallet.withdrawInfo, {}, { token })).data;

describe('user/withdrawInfo: the pending withdrawal', () => {
  it('is null, then the request awaiting review, then null again once the player takes it back', async () => {
    const user = await readyToWithdraw(app, 500_00);
    expect((await info(user.token)).pending).toBeNull();

    const sent = await callApi(app, api.wallet.withdrawAction, { type: 1, money: '120', securityCode: '123456' }, { token: user.token });
    expect(sent.code).toBe(1);
    const after = await info(user.token);
    expect(after.pending).toEqual({ id: sent.data.id, money: '120.00', type: 1, createtime: expect.any(Number) });
    expect(after.money).toBe('380.00');

    const back = await callApi(app, api.protection.withdrawReverse, {}, { token: user.token });
    expect(back.code).toBe(1);
    const done = await info(user.token);
    expect(done.pending).toBeNull();
    expect(done.money).toBe('500.00');
    expect((await balanceOf(app, user.userId)).money).toBe(500_00);
  });

  it("never shows another player's pending withdrawal", async () => {
    const alice = await readyToWithdraw(app, 500_00);
    const bob = await readyToWithdraw(app, 500_00);
    expect((await callApi(app, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' }, { token: alice.token })).code).toBe(1);
    expect((await info(alice.token)).pending).toMatchObject({ money: '100.00', type: 0 });
    expect((await info(bob.token)).pending).toBeNull();
  });
});
