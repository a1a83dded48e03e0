/**
 * An Idempotency-Key means "this same request, once". The same key with a different
 * request is refused and changes nothing; keys are scoped per user and per operation (bets,
 * deposits, withdrawals share one helper, domain/idempotency.ts); a retry is answered the first
 * answer even when the request could no longer be made (the round closed, a withdrawal is pending).
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { callApi } from '../helpers.js';
import { T0, bet, currentIssue, roomOf } from '../game/kit.js';
import { PNG, balanceOf, createWalletApp, gift, readyToWithdraw, upload } from '../wallet/fixtures.js';

const clock = new ManualClock(T0 + 5_000);
const { app } = await createWalletApp({ clock });
app.game.chain.length = 64;
app.game.chain.spare = 8;
await app.game.reloadConfig();
const plan = await roomOf(app, 7, 0);

const REUSED = 'This Idempotency-Key was already used for a different request';
const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2, 10)}` });
const count = async (table: 'orders' | 'deposits' | 'withdrawals', userId: number) =>
  Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${userId}`))[0]!.n);
const withdraw = (token: string, body: Record<string, unknown>, headers: Record<string, string>) =>
  callApi(app, api.wallet.withdrawAction, body, { token, headers });

describe('one idempotency helper for bets, deposits and withdrawals', () => {
  it('bet: the same key with a different bet is refused and changes nothing; the same bet is answered again', async () => {
    const user = await readyToWithdraw(app, 100_00);
    const headers = key('bet');
    const first = await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' }, headers);
    expect(first.code).toBe(1);
    for (const other of [
      { plan_id: plan, play_type: '2', money: '10' },
      { plan_id: plan, play_type: '1', money: '20' },
    ]) {
      const res = await bet(app, user.token, other, headers);
      expect(res.code).toBe(0);
      expect(res.msg).toBe(REUSED);
    }
    const again = await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' }, headers);
    expect(again.code).toBe(1);
    expect(again.data).toEqual(first.data);
    expect(await count('orders', user.userId)).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(90_00);
  });

  it('bet: a retry after the round closed is answered the first answer, not "closed"', async () => {
    const user = await readyToWithdraw(app, 100_00);
    const headers = key('late');
    const issue = await currentIssue(app);
    const first = await bet(app, user.token, { issue, plan_id: plan, play_type: '3', money: '10' }, headers);
    expect(first.code).toBe(1);
    const round = roundAt(clock.now(), app.game.settings);
    clock.set(round.closesAt + 1_000); // betting on this round has closed
    const late = await bet(app, user.token, { issue, plan_id: plan, play_type: '3', money: '10' }, headers);
    expect(late.code).toBe(1);
    expect(late.data).toEqual(first.data);
    const fresh = await bet(app, user.token, { issue, plan_id: plan, play_type: '3', money: '10' });
    expect(fresh.msg).toBe('Betting on this round is closed');
    clock.set(round.drawsAt + 5_000); // into the next round, open again
    expect(await count('orders', user.userId)).toBe(1);
  });

  it('keys are scoped per operation: a bet with key "withdraw:K" leaves a withdrawal with key K untouched', async () => {
    const user = await readyToWithdraw(app, 500_00);
    const k = `K${Date.now().toString(36)}xyz`;
    expect((await bet(app, user.token, { plan_id: plan, play_type: '4', money: '10' }, { 'idempotency-key': `withdraw:${k}` })).code).toBe(1);
    expect((await bet(app, user.token, { plan_id: plan, play_type: '4', money: '10' }, { 'idempotency-key': k })).code).toBe(1);
    const w = await withdraw(user.token, { type: 1, money: '100', securityCode: '123456' }, { 'idempotency-key': k });
    expect(w.code).toBe(1);
    expect(w.data).toMatchObject({ money: '100.00', type: 1, status: 0 });
    expect(w.data.id).toEqual(expect.any(Number));
    expect(await count('withdrawals', user.userId)).toBe(1);
    expect(await count('orders', user.userId)).toBe(2);
    expect((await balanceOf(app, user.userId)).money).toBe(500_00 - 20_00 - 100_00);
    // And the other way round: a deposit with the same key is a deposit of its own.
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    const d = await callApi(
      app,
      api.wallet.depositRequest,
      { money: 50, channel: 'usdt', screenshot: up.data.url },
      { token: user.token, headers: { 'idempotency-key': k } },
    );
    expect(d.code).toBe(1);
    expect(await count('deposits', user.userId)).toBe(1);
  });

  it('keys are scoped per user', async () => {
    const a = await readyToWithdraw(app, 100_00);
    const b = await readyToWithdraw(app, 100_00);
    const headers = key('shared');
    expect((await bet(app, a.token, { plan_id: plan, play_type: '1', money: '10' }, headers)).code).toBe(1);
    const other = await bet(app, b.token, { plan_id: plan, play_type: '2', money: '30' }, headers);
    expect(other.code).toBe(1);
    expect(other.data.play_type).toBe('2');
    expect((await balanceOf(app, b.userId)).money).toBe(70_00);
  });

  it('deposit: the same key with another amount is refused; the same request gets the same deposit', async () => {
    const user = await readyToWithdraw(app, 0);
    const up = await upload(app, user.token, { data: PNG, filename: 's.png' });
    const headers = key('dep');
    const body = { money: 300, channel: 'usdt', screenshot: up.data.url };
    const first = await callApi(app, api.wallet.depositRequest, body, { token: user.token, headers });
    expect(first.code).toBe(1);
    const changed = await callApi(app, api.wallet.depositRequest, { ...body, money: 3000 }, { token: user.token, headers });
    expect(changed.msg).toBe(REUSED);
    const again = await callApi(app, api.wallet.depositRequest, body, { token: user.token, headers });
    expect(again.data).toEqual(first.data);
    expect(await count('deposits', user.userId)).toBe(1);
  });

  it('withdraw: a retry after success is answered again (though one is now pending); another amount is refused', async () => {
    const user = await readyToWithdraw(app, 1_000_00);
    const headers = key('wd');
    const first = await withdraw(user.token, { type: 0, money: '150', securityCode: '123456' }, headers);
    expect(first.code).toBe(1);
    const again = await withdraw(user.token, { type: 0, money: '150', securityCode: '123456' }, headers);
    expect(again.code).toBe(1);
    expect(again.data).toEqual(first.data);
    const changed = await withdraw(user.token, { type: 0, money: '999', securityCode: '123456' }, headers);
    expect(changed.msg).toBe(REUSED);
    // Without the key the pending rule applies as usual.
    expect((await withdraw(user.token, { type: 0, money: '150', securityCode: '123456' }, {})).msg).toBe('You already have a withdrawal awaiting review');
    expect(await count('withdrawals', user.userId)).toBe(1);
    expect((await balanceOf(app, user.userId)).money).toBe(850_00);
  });

  it('a refused request stores nothing: its retry runs afresh', async () => {
    const user = await readyToWithdraw(app, 0);
    const headers = key('poor');
    expect((await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' }, headers)).msg).toBe('Insufficient balance, please deposit first');
    await gift(app, user.userId, 10_00);
    expect((await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' }, headers)).code).toBe(1);
  });

  it('twenty parallel requests with one key and two different bodies: one is applied, the rest replay it or are refused', async () => {
    const user = await readyToWithdraw(app, 1_000_00);
    const headers = key('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bet(app, user.token, { plan_id: plan, play_type: i % 2 ? '1' : '2', money: '10' }, headers)),
    );
    expect(await count('orders', user.userId)).toBe(1);
    const winner = answers.find((a) => a.code === 1)!;
    for (const a of answers) {
      if (a.code === 1) expect(a.data).toEqual(winner.data);
      else expect(a.msg).toBe(REUSED);
    }
    expect(answers.filter((a) => a.code === 1 && a.data.play_type === winner.data.play_type)).toHaveLength(10);
    expect((await balanceOf(app, user.userId)).money).toBe(990_00);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });

  it('refuses a malformed key', async () => {
    const user = await readyToWithdraw(app, 100_00);
    for (const bad of ['short', 'k', 'bad key with spaces', 'x'.repeat(101)]) {
      const res = await bet(app, user.token, { plan_id: plan, play_type: '1', money: '10' }, { 'idempotency-key': bad });
      expect(res.msg).toBe('Invalid Idempotency-Key');
      // Refused by the route's header schema, naming the header (a 1–7 character key once slipped past it).
      expect(res.field, bad).toBe('idempotency-key');
    }
    expect(await count('orders', user.userId)).toBe(0);
  });
});
