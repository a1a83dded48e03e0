import { api, type CallRef } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { registerUser, callApi, rawCall } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { createGameApp, roomOf } from '../game/kit.js';

const { app } = await createGameApp();
const [admin, finance] = [await operatorWithRole(app, 'admin'), await operatorWithRole(app, 'finance')];

/** Money an operator may type by mistake: signs, too many places, exponents, white space, words. Never clamped, rounded or trimmed. */
const MALFORMED = ['-50', '-5', '-0.01', '1.234', '0.001', 'abc', '1e3', ' 5', '5 ', '+5', '1,000', '0x10', '5.', '.5', '５', -50, 1.234];

const auditCount = async () => Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from audit_log`))[0]!.n);

async function expectRefused(ref: CallRef, body: Record<string, unknown>, token: string, field: string, msg: string) {
  const res = await rawCall(app, ref, body, { token });
  expect({ code: res.code, field: res.field, msg: res.msg }, `${ref.name} ${JSON.stringify(body)}`).toEqual({ code: 0, field, msg });
}

describe('money an operator enters is refused unless it is exactly right', () => {
  it('a gift: negative, zero, malformed or too large is refused and no balance or ledger row changes', async () => {
    const player = await registerUser(app);
    const audits = await auditCount();
    for (const amount of [...MALFORMED, '0', '0.00']) {
      await expectRefused(api.admin.userGift, { id: player.userId, amount, reason: 'bonus' }, finance, 'amount', 'Please enter a valid amount');
    }
    await expectRefused(api.admin.userGift, { id: player.userId, amount: '1000000.01', reason: 'bonus' }, finance, 'amount', 'The amount is too large');
    await expectRefused(api.admin.userGift, { id: player.userId, amount: '', reason: 'bonus' }, finance, 'amount', 'Please enter the amount');
    const ledger = await queryRows(app.db, sql`select id from ledger where user_id = ${player.userId}`);
    expect(ledger).toEqual([]);
    expect(await auditCount()).toBe(audits);
    // What is right goes through as typed.
    const ok = await callApi(app, api.admin.userGift, { id: player.userId, amount: '0.01', reason: 'bonus' }, { token: finance });
    expect(ok).toMatchObject({ code: 1, data: { balance: '0.01' } });
  });

  it('the minimum withdrawal: the same refusals, and the setting stays as it was', async () => {
    const current = (await callApi(app, api.admin.settingsGet, {}, { token: admin })).data;
    const { support_url_env: _env, ...body } = current;
    const audits = await auditCount();
    for (const min_withdraw of [...MALFORMED, '0']) {
      await expectRefused(api.admin.settingsUpdate, { ...body, min_withdraw }, admin, 'min_withdraw', 'Please enter a valid amount');
    }
    await expectRefused(api.admin.settingsUpdate, { ...body, min_withdraw: '1000000.01' }, admin, 'min_withdraw', 'The amount is too large');
    expect((await callApi(app, api.admin.settingsGet, {}, { token: admin })).data.min_withdraw).toBe(current.min_withdraw);
    expect(await auditCount()).toBe(audits);
  });

  it("a room's minimum stake, entry balance and each class's stake limits: refused, the room unchanged", async () => {
    const plan = await roomOf(app, 7, 0);
    const configOf = async () =>
      (await callApi(app, api.admin.gameConfig, {}, { token: admin })).data.games.flatMap((g: any) => g.rooms).find((r: any) => r.id === plan);
    const room = await configOf();
    const edit = {
      id: plan,
      title: { zh: room.title, tw: room.title, en: room.title, vi: room.title },
      min_limit: room.min_limit,
      join_limit: room.join_limit,
      enabled: true,
      odds: room.odds
        .filter((o: any) => o.enabled)
        .map((o: any) => ({ class: o.class, odds: o.odds, odds_special: o.odds_special, min: o.min, max: o.max, enabled: true })),
    };
    const withRow = (patch: Record<string, unknown>) => ({ ...edit, odds: [{ ...edit.odds[0], ...patch }, ...edit.odds.slice(1)] });
    const audits = await auditCount();
    for (const v of [...MALFORMED, '0', '10000000.01']) {
      await expectRefused(api.admin.roomUpdate, { ...edit, min_limit: v }, admin, 'min_limit', 'Invalid limit');
      await expectRefused(api.admin.roomUpdate, withRow({ min: v }), admin, 'odds', 'Invalid limit');
      await expectRefused(api.admin.roomUpdate, withRow({ max: v }), admin, 'odds', 'Invalid limit');
      await expectRefused(api.admin.roomUpdate, withRow({ odds: v }), admin, 'odds', 'Invalid odds');
    }
    // The entry balance may be 0 (no entry limit), but nothing malformed.
    for (const v of [...MALFORMED, '10000000.01']) await expectRefused(api.admin.roomUpdate, { ...edit, join_limit: v }, admin, 'join_limit', 'Invalid limit');
    expect(await configOf()).toEqual(room);
    expect(await auditCount()).toBe(audits);
    expect((await callApi(app, api.admin.roomUpdate, { ...edit, join_limit: '0' }, { token: admin })).code).toBe(1);
  });

  it('answers in the operator’s language', async () => {
    const player = await registerUser(app);
    const res = await callApi(app, api.admin.userGift, { id: player.userId, amount: '-50', reason: 'x' }, { token: finance, lang: 'zh' });
    expect(res).toMatchObject({ code: 0, field: 'amount', msg: '请输入有效的金额' });
  });
});
