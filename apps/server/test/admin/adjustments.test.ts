/**
 * Balance adjustments with four eyes (docs/design.md#balance-adjustments), through the operator API:
 * at or below the settings' amount posted at once; above it waiting for a second operator (never the
 * requester), a debit's money held meanwhile and given back on rejection; never below zero; a gift
 * reversed once, and a gift already spent reversed only for what is left; the player's fund details
 * showing the public text; approvals racing on one node and on two post one ledger row; the
 * reconciliation naming a broken adjustment.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { callApi, rawCall, registerUser } from '../helpers.js';
import { startTwoNodes } from '../game/twoDatabases.js';
import { balanceOf, createWalletApp, gift, operatorLogin, operatorWithRole, OPERATOR_PASSWORD } from '../wallet/fixtures.js';

const { app } = await createWalletApp();
const [finance, second, admin, support] = [
  await operatorWithRole(app, 'finance'),
  await operatorWithRole(app, 'finance'),
  await operatorWithRole(app, 'admin'),
  await operatorWithRole(app, 'support'),
];

const adjust = (body: Record<string, unknown>, token = finance) => rawCall(app, api.admin.userAdjust, { wallet: 'money', note: '', ...body }, { token });
const debit = (id: number, amount: string, extra: Record<string, unknown> = {}) =>
  adjust({ id, direction: 'debit', amount, reason_code: 'chargeback', public_text: 'Deposit charged back', ...extra });
const credit = (id: number, amount: string, extra: Record<string, unknown> = {}) =>
  adjust({ id, direction: 'credit', amount, reason_code: 'correction', public_text: 'Correction of a payout', ...extra });

const type12 = (userId: number) =>
  queryRows<{ status: number; quantity: string; memo: string; ref_type: string }>(
    app.db,
    sql`select status, quantity::text, memo, ref_type from ledger where user_id = ${userId} and type = 12 order by id`,
  );

/** Sets the four-eyes amount through the settings screen's call (min_withdraw is the one other required field). */
async function setApprovalAbove(amount: string) {
  const res = await callApi(app, api.admin.settingsUpdate, { min_withdraw: '100', adjust_approval_above: amount }, { token: admin });
  expect(res.code, JSON.stringify(res)).toBe(1);
  expect(res.data.adjust_approval_above).toBe(Number(amount).toFixed(2));
}

async function funded(cents: number) {
  const player = await registerUser(app);
  await gift(app, player.userId, cents);
  return player;
}

describe('at or below the four-eyes amount', () => {
  it('the default amount is 1,000 u: a debit and a credit post at once, with the public text in the fund details and an audit row', async () => {
    expect((await callApi(app, api.admin.settingsGet, {}, { token: admin })).data.adjust_approval_above).toBe('1000.00');
    const player = await funded(50_000);
    const d = await debit(player.userId, '120.50', { note: 'Bank reported chargeback #77' });
    expect([d.code, d.msg, d.data.status, d.data.balance]).toEqual([1, 'Adjustment posted', 1, '379.50']);
    const c = await credit(player.userId, '1000');
    expect([c.code, c.data.status, c.data.balance]).toEqual([1, 1, '1379.50']);
    expect(await type12(player.userId)).toEqual([
      { status: 1, quantity: '-12050', memo: 'Deposit charged back', ref_type: 'adjustment' },
      { status: 1, quantity: '100000', memo: 'Correction of a payout', ref_type: 'adjustment' },
    ]);
    const details = await callApi(app, api.wallet.quantityLogList, { type: 12 }, { token: player.token });
    expect(details.data.map((r) => [r.quantity, r.memo, r.status])).toEqual([
      ['1000.00', 'Correction of a payout', 1],
      ['-120.50', 'Deposit charged back', 1],
    ]);
    expect(JSON.stringify(details.data)).not.toContain('#77');
    const [audit] = await queryRows<{ detail: Record<string, unknown> }>(
      app.db,
      sql`select detail from audit_log where action = 'user.adjust' and target_id = ${String(player.userId)} order by id limit 1`,
    );
    expect(audit!.detail).toMatchObject({ amount: '-120.50', reason_code: 'chargeback', note: 'Bank reported chargeback #77', status: 1 });
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('a debit never takes the balance below zero: refused, nothing written', async () => {
    const player = await funded(1_000);
    const res = await debit(player.userId, '10.01');
    expect([res.code, res.msg, res.field]).toEqual([0, 'Insufficient balance: an adjustment never takes the balance below zero', 'amount']);
    expect(await balanceOf(app, player.userId)).toEqual({ money: 1_000, score: 0 });
    expect(await type12(player.userId)).toEqual([]);
    expect((await callApi(app, api.admin.adjustmentList, { user_id: player.userId }, { token: finance })).data.total).toBe(0);
    expect((await debit(player.userId, '10.00')).data.balance).toBe('0.00');
  });

  it('refuses bad input with the field, a guest, and the wrong roles', async () => {
    const player = await funded(1_000);
    for (const [body, field] of [
      [{ direction: 'up' }, 'direction'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '1000000.01' }, 'amount'],
      [{ reason_code: 'whim' }, 'reason_code'],
      [{ public_text: '' }, 'public_text'],
      [{ public_text: 'x'.repeat(101) }, 'public_text'],
      [{ note: 'a\u0000b' }, 'note'],
      [{ wallet: 'gold' }, 'wallet'],
      [{ reason_code: 'gift_reversal' }, 'gift_ledger_id'],
      [{ gift_ledger_id: 1 }, 'gift_ledger_id'],
    ] as const) {
      const bad = await adjust({
        id: player.userId,
        direction: 'credit',
        amount: '5',
        reason_code: 'other',
        public_text: 'x',
        ...(body as Record<string, unknown>),
      });
      expect([bad.code, bad.field], JSON.stringify(body)).toEqual([0, field]);
    }
    expect((await credit(99_999_999, '5')).msg).toBe('Not found');
    const guest = await callApi(app, api.user.guestLogin, {}, { ip: '10.43.0.9' });
    const guestId = Number((await queryRows<{ id: number }>(app.db, sql`select id from users where group_id <> 1 order by id desc limit 1`))[0]!.id);
    expect(guest.code).toBe(1);
    expect((await credit(guestId, '5')).msg).toBe('A guest account holds no money: it must register as a full member first');
    expect((await adjust({ id: player.userId, direction: 'credit', amount: '5', reason_code: 'other', public_text: 'x' }, support)).status).toBe(403);
    expect((await adjust({ id: player.userId, direction: 'credit', amount: '5', reason_code: 'other', public_text: 'x' }, player.token)).status).toBe(401);
    for (const ref of [api.admin.adjustmentList, api.admin.adjustmentApprove, api.admin.adjustmentReject]) {
      expect((await rawCall(app, ref, { id: 1, reason: 'x' }, { token: support })).status, ref.name).toBe(403);
    }
    expect(await balanceOf(app, player.userId)).toEqual({ money: 1_000, score: 0 });
  });
});

describe('above the four-eyes amount', () => {
  it('a debit holds the money until a second operator approves; the requester cannot decide it', async () => {
    await setApprovalAbove('100');
    const player = await funded(50_000);
    const made = await debit(player.userId, '200');
    expect([made.code, made.msg, made.data.status, made.data.balance]).toEqual([
      1,
      "Adjustment submitted: it waits for a second operator's approval",
      0,
      '300.00',
    ]);
    // Held as a withdrawal holds: out of the balance, in a pending row the player sees.
    expect(await balanceOf(app, player.userId)).toEqual({ money: 30_000, score: 0 });
    expect((await callApi(app, api.wallet.quantityLogList, { type: 12 }, { token: player.token })).data.map((r) => [r.quantity, r.status, r.applied])).toEqual([
      ['-200.00', 0, true],
    ]);
    const queue = await callApi(app, api.admin.adjustmentList, { status: 0, user_id: player.userId }, { token: second });
    expect(queue.data).toMatchObject({ total: 1, approval_above: '100.00', list: [{ id: made.data.id, amount: '-200.00', status: 0, decided_by: null }] });
    expect(await findDiscrepancies(app.db)).toEqual([]);

    const own = await callApi(app, api.admin.adjustmentApprove, { id: made.data.id }, { token: finance });
    expect([own.code, own.msg]).toEqual([0, 'A second operator decides: you cannot decide an adjustment you asked for']);
    expect((await callApi(app, api.admin.adjustmentReject, { id: made.data.id, reason: 'no' }, { token: finance })).code).toBe(0);
    const ok = await callApi(app, api.admin.adjustmentApprove, { id: made.data.id }, { token: second });
    expect([ok.code, ok.data.status, ok.data.balance]).toEqual([1, 1, '300.00']);
    expect(await type12(player.userId)).toEqual([{ status: 1, quantity: '-20000', memo: 'Deposit charged back', ref_type: 'adjustment' }]);
    expect((await callApi(app, api.admin.adjustmentApprove, { id: made.data.id }, { token: admin })).msg).toBe('This request has already been processed');
    const [row] = (await callApi(app, api.admin.adjustmentList, { user_id: player.userId }, { token: admin })).data.list;
    expect(row!.decided_by!.id).not.toBe(row!.requested_by.id);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('a rejected debit gives the held money back; a credit waits without a row and posts on approval', async () => {
    await setApprovalAbove('100');
    const player = await funded(50_000);
    const held = await debit(player.userId, '150');
    expect(await balanceOf(app, player.userId)).toEqual({ money: 35_000, score: 0 });
    const rejected = await callApi(app, api.admin.adjustmentReject, { id: held.data.id, reason: 'Chargeback was withdrawn' }, { token: admin });
    expect([rejected.code, rejected.data.status, rejected.data.balance]).toEqual([1, 2, '500.00']);
    expect(await type12(player.userId)).toEqual([
      { status: 2, quantity: '-15000', memo: 'Deposit charged back', ref_type: 'adjustment' },
      { status: 1, quantity: '15000', memo: 'Deposit charged back', ref_type: 'adjustment_refund' },
    ]);
    expect((await callApi(app, api.admin.adjustmentReject, { id: held.data.id, reason: 'again' }, { token: second })).msg).toBe(
      'This request has already been processed',
    );

    const waiting = await credit(player.userId, '300');
    expect([waiting.data.status, waiting.data.ledger_id, waiting.data.balance]).toEqual([0, null, '500.00']);
    expect(await type12(player.userId)).toHaveLength(2);
    const approved = await callApi(app, api.admin.adjustmentApprove, { id: waiting.data.id }, { token: second });
    expect([approved.data.status, approved.data.balance]).toEqual([1, '800.00']);
    const refused = await credit(player.userId, '250');
    expect((await callApi(app, api.admin.adjustmentReject, { id: refused.data.id, reason: 'Duplicate' }, { token: second })).data.balance).toBe('800.00');
    expect((await rawCall(app, api.admin.adjustmentReject, { id: refused.data.id }, { token: second })).field).toBe('reason');
    expect(await balanceOf(app, player.userId)).toEqual({ money: 80_000, score: 0 });
    const audits = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_log where target_type = 'adjustment' and target_id in (${String(held.data.id)}, ${String(waiting.data.id)}) order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['adjustment.reject', 'adjustment.approve']);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('a pending debit never takes the balance below zero either, and 0 sends every adjustment to a second operator', async () => {
    await setApprovalAbove('0');
    const player = await funded(500);
    expect((await debit(player.userId, '5.01')).msg).toBe('Insufficient balance: an adjustment never takes the balance below zero');
    expect((await debit(player.userId, '5')).data).toMatchObject({ status: 0, balance: '0.00' });
    expect((await credit(player.userId, '0.01')).data.status).toBe(0);
  });
});

describe('gift reversal', () => {
  async function gifted(amount: string, wallet: 'money' | 'score' = 'money') {
    const player = await registerUser(app);
    const res = await callApi(app, api.admin.userGift, { id: player.userId, amount, wallet, reason: 'Welcome (sent to the wrong player)' }, { token: finance });
    expect(res.code).toBe(1);
    return { player, giftId: res.data.ledger_id };
  }
  const reverse = (id: number, giftId: number, amount: string, wallet: 'money' | 'score' = 'money') =>
    adjust({ id, direction: 'debit', amount, wallet, reason_code: 'gift_reversal', public_text: 'Gift sent by mistake', gift_ledger_id: giftId });

  it('takes a gift back once, naming it; another player’s gift, a credit or more than the gift is refused', async () => {
    await setApprovalAbove('1000');
    const { player, giftId } = await gifted('80', 'score');
    const other = await gifted('80');
    expect((await reverse(player.userId, other.giftId, '80', 'score')).msg).toBe('This player has no gift with that ledger entry');
    expect((await reverse(player.userId, giftId, '80')).msg).toBe('A reversal debits the balance the gift went to');
    expect((await reverse(player.userId, giftId, '80.01', 'score')).msg).toBe('A reversal cannot take back more than the gift');
    const asCredit = await adjust({
      id: player.userId,
      direction: 'credit',
      amount: '5',
      reason_code: 'gift_reversal',
      public_text: 'x',
      gift_ledger_id: giftId,
    });
    expect([asCredit.msg, asCredit.field]).toEqual(['A gift reversal is a debit', 'direction']);
    const once = await reverse(player.userId, giftId, '80', 'score');
    expect([once.code, once.data.balance]).toEqual([1, '0.00']);
    await gift(app, player.userId, 10_000, 'score');
    const twice = await reverse(player.userId, giftId, '80', 'score');
    expect([twice.msg, twice.field]).toEqual(['This gift has already been reversed (or its reversal awaits approval)', 'gift_ledger_id']);
    expect((await callApi(app, api.admin.adjustmentList, { user_id: player.userId }, { token: finance })).data.list[0]).toMatchObject({
      gift_ledger_id: giftId,
      reason_code: 'gift_reversal',
      wallet: 'score',
    });
  });

  it('a gift already spent is reversed only for what is left; a rejected reversal frees the gift for another', async () => {
    await setApprovalAbove('50');
    const { player, giftId } = await gifted('100');
    await callApi(
      app,
      api.admin.userAdjust,
      { id: player.userId, direction: 'debit', amount: '30', reason_code: 'other', public_text: 'Spent' },
      { token: finance },
    );
    expect((await reverse(player.userId, giftId, '100')).msg).toBe('Insufficient balance: an adjustment never takes the balance below zero');
    const pending = await reverse(player.userId, giftId, '70');
    expect(pending.data).toMatchObject({ status: 0, balance: '0.00' });
    // Two reversals of one gift racing: the unique reference lets one through.
    expect((await reverse(player.userId, giftId, '1')).msg).toBe('This gift has already been reversed (or its reversal awaits approval)');
    await callApi(app, api.admin.adjustmentReject, { id: pending.data.id, reason: 'Wrong amount' }, { token: second });
    const again = await reverse(player.userId, giftId, '50');
    expect([again.code, again.data.status, again.data.balance]).toEqual([1, 1, '20.00']);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('20 approvals and rejections at once by two operators post one ledger row', async () => {
    await setApprovalAbove('10');
    const player = await funded(10_000);
    const made = await credit(player.userId, '40');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 4 === 3
          ? callApi(app, api.admin.adjustmentReject, { id: made.data.id, reason: 'race' }, { token: admin })
          : callApi(app, api.admin.adjustmentApprove, { id: made.data.id }, { token: i % 2 ? second : admin }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(new Set(['This request has already been processed']));
    const rows = await type12(player.userId);
    expect(rows.length).toBeLessThanOrEqual(1);
    expect((await balanceOf(app, player.userId)).money).toBe(rows.length === 1 ? 14_000 : 10_000);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('the reconciliation names an adjustment whose row does not match it, and a type-12 row of no adjustment', async () => {
    await setApprovalAbove('1000');
    const player = await funded(10_000);
    const made = await debit(player.userId, '10');
    const breakAndSee = async (breakIt: ReturnType<typeof sql>, repair: ReturnType<typeof sql>, problem: string) => {
      await app.db.execute(breakIt);
      try {
        const report = (await callApi(app, api.admin.reconcile, {}, { token: finance })).data.invariants.find((r) => r.name === 'balance_adjustments')!;
        expect(report.examples.map((e) => e.problem)).toContain(problem);
      } finally {
        await app.db.execute(repair);
      }
    };
    await breakAndSee(
      sql`update balance_adjustments set amount = amount - 1 where id = ${made.data.id}`,
      sql`update balance_adjustments set amount = amount + 1 where id = ${made.data.id}`,
      'adjustment_ledger_mismatch',
    );
    await breakAndSee(
      sql`update balance_adjustments set ledger_id = null where id = ${made.data.id}`,
      sql`update balance_adjustments set ledger_id = ${made.data.ledger_id} where id = ${made.data.id}`,
      'adjustment_row_without_adjustment',
    );
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });
});

describe('exactly once over two server nodes on one database', () => {
  it('approvals sent to both nodes at once post one ledger row', async () => {
    const { nodeA, nodeB, close } = await startTwoNodes('lucky28_adj2');
    afterAll(close);
    await seedDemoContent(nodeA.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
    const adminA = await operatorLogin(nodeA);
    const [asker, b] = [await operatorWithRole(nodeA, 'finance'), await operatorWithRole(nodeB, 'finance')];
    const player = await registerUser(nodeA);
    await gift(nodeA, player.userId, 500_000);
    const made = await callApi(
      nodeA,
      api.admin.userAdjust,
      { id: player.userId, direction: 'debit', amount: '2000', reason_code: 'chargeback', public_text: 'Deposit charged back' },
      { token: asker },
    );
    expect(made.data.status).toBe(0);
    const nodes = [nodeA, nodeB];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callApi(nodes[i % 2]!, api.admin.adjustmentApprove, { id: made.data.id }, { token: i % 2 ? b : adminA })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const rows = await queryRows<{ status: number }>(nodeB.db, sql`select status from ledger where user_id = ${player.userId} and type = 12`);
    expect(rows).toEqual([{ status: 1 }]);
    expect(await balanceOf(nodeB, player.userId)).toEqual({ money: 300_000, score: 0 });
  });
});
