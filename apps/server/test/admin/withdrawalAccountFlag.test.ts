import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { callApi, rawCall } from '../helpers.js';
import { createWalletApp, operatorWithRole, readyToWithdraw } from '../wallet/fixtures.js';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 4, 0));
const { app } = await createWalletApp({ clock });
const HOUR = 60 * 60 * 1000;

const NEW_CARD = { type: 0, acc: 'Mallory', acc_name: '6222020200119999', acc_bank: 'Elsewhere Bank' };
const NEW_WALLET = { type: 1, acc: '0x' + 'c'.repeat(40), acc_name: 'erc20' };

let ip = 0;
/** Signs the player in again, with "remember me": a session left idle for hours ends, and these tests move the clock by hours. */
async function signIn(user: { username: string; password: string }) {
  const res = await callApi(app, api.user.login, { account: user.username, password: user.password, remember: 1 }, { ip: `10.81.0.${++ip}` });
  return res.data.userinfo.token as string;
}

/** A player ready to withdraw (cards bound, code 123456), signed in to stay signed in. */
async function player() {
  const user = await readyToWithdraw(app);
  return { ...user, token: await signIn(user) };
}

async function replace(token: string, account: Record<string, unknown>) {
  const res = await rawCall(app, api.user.setPayInfo, { ...account, securityCode: '123456' }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
}

async function withdraw(token: string, type = 0) {
  const res = await callApi(app, api.wallet.withdrawAction, { type, money: '100', securityCode: '123456' }, { token });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res.data.id as number;
}

/** The request's row in the console's queue, as a finance operator signed in now sees it. */
const queueRow = async (id: number, status = 0) =>
  (await callApi(app, api.admin.withdrawList, { status }, { token: await operatorWithRole(app, 'finance') })).data.find((r: { id: number }) => r.id === id);

describe('the withdrawal queue flags a payout account changed shortly before the request', () => {
  it('flags a request made 23 hours after the bank card was replaced, with when', async () => {
    const user = await player();
    await replace(user.token, NEW_CARD);
    const changedAt = Math.floor(clock.now() / 1000);
    clock.advance(23 * HOUR);
    const id = await withdraw(user.token);
    expect(await queueRow(id)).toMatchObject({ account: { acc_name: NEW_CARD.acc_name }, account_changed_at: changedAt });
  });

  it('does not flag a request made 25 hours after the change, nor one to an account never replaced', async () => {
    const late = await player();
    await replace(late.token, NEW_CARD);
    const never = await player();
    clock.advance(25 * HOUR);
    const lateId = await withdraw(late.token);
    const neverId = await withdraw(never.token);
    expect((await queueRow(lateId))!.account_changed_at).toBeNull();
    expect((await queueRow(neverId))!.account_changed_at).toBeNull();
  });

  it('judges only the account the withdrawal pays to', async () => {
    const user = await player();
    await replace(user.token, NEW_WALLET);
    const toCard = await withdraw(user.token, 0);
    expect((await queueRow(toCard))!.account_changed_at).toBeNull();
  });

  it('keeps the flag when the account is changed again after the request, and drops it from decided requests changed later', async () => {
    const user = await player();
    await replace(user.token, NEW_CARD);
    clock.advance(HOUR);
    const id = await withdraw(user.token);
    clock.advance(HOUR);
    await replace(user.token, { ...NEW_CARD, acc_name: '6222020200118888' });
    expect((await queueRow(id))!.account_changed_at).toBe(Math.floor(clock.now() / 1000));

    const other = await player();
    const paid = await withdraw(other.token);
    expect((await callApi(app, api.admin.withdrawApprove, { id: paid }, { token: await operatorWithRole(app, 'finance') })).code).toBe(1);
    clock.advance(HOUR);
    await replace(other.token, NEW_CARD);
    expect((await queueRow(paid, 1))!.account_changed_at).toBeNull();
  });
});
