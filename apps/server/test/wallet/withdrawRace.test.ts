/**
 * An operator's approval, another operator's rejection and the player's reversal of one pending
 * withdrawal, sent together: whatever the interleaving, exactly one of them wins, the other two are
 * told the request is no longer pending, nobody gets an HTTP 500 (a deadlock between the player's row
 * and the request's row once answered one), and the books reconcile.
 */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { callApi } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { balanceOf, createWalletApp, operatorLogin, operatorWithRole, readyToWithdraw } from './fixtures.js';

const ROUNDS = 50;
const AMOUNT = 100_00;

const { app } = await createWalletApp();
const admin = await operatorLogin(app);
const finance = await operatorWithRole(app, 'finance');

let ip = 0;
const nextIp = () => `10.61.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

describe('approve, reject and reverse of one withdrawal, sent together', () => {
  it(`${ROUNDS} rounds: one winner each, the others told it is no longer pending, never a 500`, async () => {
    const user = await readyToWithdraw(app, ROUNDS * AMOUNT);
    const tally = { approve: 0, reject: 0, reverse: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const asked = await callApi(
        app,
        api.wallet.withdrawAction,
        { type: 0, money: String(AMOUNT / 100), securityCode: '123456' },
        { token: user.token, ip: nextIp() },
      );
      expect(asked.code, JSON.stringify(asked)).toBe(1);
      const id = asked.data.id as number;
      const before = await balanceOf(app, user.userId);

      // Three sides in a shuffled order of sending, all in flight at once.
      const sides = [
        { name: 'approve' as const, send: () => callApi(app, api.admin.withdrawApprove, { id }, { token: admin }) },
        { name: 'reject' as const, send: () => callApi(app, api.admin.withdrawReject, { id, reason: 'race' }, { token: finance }) },
        { name: 'reverse' as const, send: () => callApi(app, api.protection.withdrawReverse, {}, { token: user.token }) },
      ];
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const answers = await Promise.all(order.map(async (s) => ({ name: s.name, res: await s.send() })));

      for (const { name, res } of answers) expect(res.status, `${name}: ${JSON.stringify(res)}`).toBe(200);
      const winners = answers.filter((a) => a.res.code === 1);
      expect(
        winners.map((w) => w.name),
        JSON.stringify(answers),
      ).toHaveLength(1);
      const winner = winners[0]!.name;
      tally[winner]++;
      for (const { name, res } of answers.filter((a) => a.name !== winner)) {
        expect(res.code).toBe(0);
        expect(res.msg, name).toBe(name === 'reverse' ? 'You have no withdrawal awaiting review' : 'This request has already been processed');
      }

      const [row] = await queryRows<{ status: number; reversed: boolean; refunds: number }>(
        app.db,
        sql`
        select w.status, w.reversed_at is not null as reversed,
          (select count(*)::int from ledger l where l.ref_type = 'withdrawal_refund' and l.ref_id = w.id) as refunds
        from withdrawals w where w.id = ${id}`,
      );
      expect(row).toEqual({
        status: winner === 'approve' ? 1 : 2,
        reversed: winner === 'reverse',
        refunds: winner === 'approve' ? 0 : 1,
      });
      const after = await balanceOf(app, user.userId);
      expect(after.money).toBe(before.money + (winner === 'approve' ? 0 : AMOUNT));
    }
    // Every side won some rounds (the interleavings really varied) — logged, not asserted: which wins is the scheduler's.
    console.log(`withdrawal race: ${ROUNDS} rounds, won by approve ${tally.approve}, reject ${tally.reject}, reverse ${tally.reverse}`);
    expect(await findDiscrepancies(app.db)).toEqual([]);
  });
});
