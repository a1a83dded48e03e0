/**
 * Payouts in the player's own name (issue 42 item 5), through the real API: where a verified real name
 * exists, a bank card held by someone else is refused at binding (and at replacing, before the security
 * code is tried); where none exists yet, the card is bound, marked unchecked, and the withdrawal queue
 * marks a payout to it — also once the name is verified later and differs. Names are compared
 * ignoring white space, full-width forms, letter case and middle dots (packages/shared/src/holderName.ts).
 */
import { api, type CallRef, type InputOf } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { registerUser, callApi } from '../helpers.js';
import { JPEG, PNG, createWalletApp, gift, operatorLogin, upload } from '../wallet/fixtures.js';

const { app } = await createWalletApp();
const admin = await operatorLogin(app);
const NOT_YOURS = 'The cardholder must be your verified real name';

type Player = Awaited<ReturnType<typeof registerUser>>;
const as = (p: Player) => ({ token: p.token });

async function must<C extends CallRef>(p: Player, ref: C, body: InputOf<C> & { lang?: string }) {
  const res = await callApi(app, ref, body, as(p));
  expect(res.code, `${ref.name} ${JSON.stringify(res)}`).toBe(1);
  return res;
}

/** The player's real name submitted and approved by the operator. */
async function verify(p: Player, truename: string) {
  const front = await upload(app, p.token, { data: PNG, filename: 'front.png' }, { type: 'idcard' });
  const back = await upload(app, p.token, { data: JPEG, filename: 'back.jpg' }, { type: 'idcard' });
  await must(p, api.wallet.shiming, { truename, idcard: '11010119900307125X', idcard_zheng: front.data.url, idcard_fan: back.data.url });
  const queue = (await callApi(app, api.admin.realNameList, {}, { token: admin })).data as { id: number; user_id: number }[];
  const request = queue.find((q) => q.user_id === p.userId)!;
  expect((await callApi(app, api.admin.realNameApprove, { id: request.id }, { token: admin })).code).toBe(1);
}

const card = (acc: string, extra: Record<string, unknown> = {}) => ({ type: 0, acc, acc_name: '6222020200112233', acc_bank: 'ICBC', ...extra });
const storedHolder = async (p: Player) =>
  (
    await queryRows<{ acc: string; holder_checked: boolean }>(
      app.db,
      sql`select acc, holder_checked from pay_accounts where user_id = ${p.userId} and type = 0`,
    )
  )[0];

/** A withdrawal of 100 u to the bound card, and its row in the console's queue. */
async function withdrawalRow(p: Player) {
  // The withdraw check's ID number (a verified player has it from the real-name request).
  if (!(await callApi(app, api.user.userInfo, {}, as(p))).data.idcard) await must(p, api.user.profile, { idcard: '110101199003077774' });
  await must(p, api.user.setSafety, { new_code: '123456' });
  await gift(app, p.userId, 20_000);
  await must(p, api.wallet.withdrawAction, { type: 0, money: '100', securityCode: '123456' });
  const queue = (await callApi(app, api.admin.withdrawList, {}, { token: admin })).data as { user_id: number; holder_check: string | null }[];
  return queue.find((w) => w.user_id === p.userId)!;
}

describe('a verified real name: only a card in that name', () => {
  it('refuses a card held by someone else and binds nothing', async () => {
    const p = await registerUser(app);
    await verify(p, '张三');
    for (const holder of ['李四', '张山', '張三', '张三丰']) {
      expect(await callApi(app, api.user.setPayInfo, card(holder), as(p)), holder).toMatchObject({ code: 0, msg: NOT_YOURS, field: 'acc' });
    }
    expect(await storedHolder(p)).toBeUndefined();
    expect((await callApi(app, api.user.payInfo, { type: 0 }, as(p))).data).toBeNull();
  });

  it('binds the same name written with spaces, full-width forms, another case or a middle dot, marked checked', async () => {
    const p = await registerUser(app);
    await verify(p, 'Zhang San');
    const res = await callApi(app, api.user.setPayInfo, card(' ＺＨＡＮＧ　san '), as(p));
    expect(res).toMatchObject({ code: 1, data: { type: 0, holder_checked: true } });
    expect(await storedHolder(p)).toEqual({ acc: 'ＺＨＡＮＧ　san', holder_checked: true });
    expect((await callApi(app, api.user.payInfo, { type: 0 }, as(p))).data).toMatchObject({ holder_checked: true });
    const dotted = await registerUser(app);
    await verify(dotted, '阿依古丽·买买提');
    expect((await callApi(app, api.user.setPayInfo, card('阿依古丽买买提'), as(dotted))).data.holder_checked).toBe(true);
    // A payout to it carries no mark.
    expect((await withdrawalRow(p)).holder_check).toBeNull();
  });

  it('refuses replacing the card with one held by someone else before the security code is tried', async () => {
    const p = await registerUser(app);
    await verify(p, '王五');
    await must(p, api.user.setPayInfo, card('王五'));
    await must(p, api.user.setSafety, { new_code: '123456' });
    // Wrong code and wrong holder: the holder is what is refused, and no attempt at the code is counted.
    for (let i = 0; i < 6; i++) {
      const res = await callApi(app, api.user.setPayInfo, card('赵六', { acc_name: '6222020200119999', securityCode: '000000' }), as(p));
      expect(res).toMatchObject({ code: 0, msg: NOT_YOURS, field: 'acc' });
    }
    expect(await storedHolder(p)).toEqual({ acc: '王五', holder_checked: true });
    // The right holder with the right code replaces it (the code was never locked).
    expect((await callApi(app, api.user.setPayInfo, card(' 王 五 ', { acc_name: '6222020200119999', securityCode: '123456' }), as(p))).code).toBe(1);
  });
});

describe('no verified real name yet: bound, marked, shown in the withdrawal queue', () => {
  it('binds any holder unchecked; the queue marks the payout "unverified"', async () => {
    const p = await registerUser(app);
    const res = await callApi(app, api.user.setPayInfo, card('Somebody Else'), as(p));
    expect(res).toMatchObject({ code: 1, data: { holder_checked: false } });
    expect(await storedHolder(p)).toEqual({ acc: 'Somebody Else', holder_checked: false });
    expect((await withdrawalRow(p)).holder_check).toBe('unverified');
  });

  it('a name verified later that differs: the card stays unchecked and the queue marks the payout "differs"', async () => {
    const p = await registerUser(app);
    await must(p, api.user.setPayInfo, card('Somebody Else'));
    await verify(p, '陈七');
    expect(await storedHolder(p)).toEqual({ acc: 'Somebody Else', holder_checked: false });
    expect((await callApi(app, api.user.payInfo, { type: 0 }, as(p))).data!.holder_checked).toBe(false);
    expect((await withdrawalRow(p)).holder_check).toBe('differs');
  });

  it('a name verified later that matches: the card becomes checked and the payout carries no mark', async () => {
    const p = await registerUser(app);
    await must(p, api.user.setPayInfo, card('li si'));
    await verify(p, 'LI SI');
    expect(await storedHolder(p)).toEqual({ acc: 'li si', holder_checked: true });
    expect((await withdrawalRow(p)).holder_check).toBeNull();
  });

  it('a wallet has no holder: bound as before, no mark', async () => {
    const p = await registerUser(app);
    await verify(p, '周八');
    const res = await callApi(app, api.user.setPayInfo, { type: 1, acc: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', acc_name: 'trc20' }, as(p));
    expect(res).toMatchObject({ code: 1, data: { type: 1, holder_checked: null } });
  });
});
