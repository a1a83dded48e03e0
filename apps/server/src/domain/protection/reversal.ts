/**
 * A player reverses their pending withdrawal: the amount goes back into the balance to be played
 * with, so it counts as money coming in — refused while excluded and when it would break a deposit
 * limit. One transaction: the request and its debit row become rejected (reversed_at set) and a
 * refund row puts the amount back, as an operator's rejection does.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { LedgerStatus, LedgerType, postLedger } from '../ledger/post.js';
import { exclusionOf, refuseIfExcluded } from './exclusion.js';
import { checkDepositLimits } from './limits.js';
import { lockPlayer } from '../lockOrder.js';

export async function reverseWithdrawal(tx: DbOrTx, opts: { userId: number; now: number; timeZone: string }) {
  // The lock order (domain/lockOrder.ts): the player, then the request, then the ledger.
  const user = await lockPlayer<Record<string, unknown>>(tx, opts.userId, sql`excluded_until, exclusion_kind, excluded_at`);
  if (!user) throw new AppError('err.not_found');
  refuseIfExcluded(exclusionOf(user, opts.now), opts.timeZone);
  const [w] = await queryRows<{ id: number | string; amount: number | string; ledger_id: number | string }>(
    tx,
    sql`
    select id, amount, ledger_id from withdrawals where user_id = ${opts.userId} and status = 0 for update`,
  );
  if (!w) throw new AppError('err.withdraw_not_pending');
  const amount = Number(w.amount);
  await checkDepositLimits(tx, { userId: opts.userId, amount, now: opts.now, timeZone: opts.timeZone });
  const at = new Date(opts.now).toISOString();
  await tx.execute(sql`
    update withdrawals set status = 2, reason = 'reversed by the player', reviewed_at = ${at}, reversed_at = ${at}
    where id = ${w.id} and status = 0`);
  await tx.execute(sql`update ledger set status = ${LedgerStatus.rejected} where id = ${w.ledger_id}`);
  const refund = await postLedger(tx, {
    userId: opts.userId,
    type: LedgerType.withdraw,
    status: LedgerStatus.passed,
    wallet: 'money',
    quantity: amount,
    refType: 'withdrawal_refund',
    refId: Number(w.id),
    memo: 'reversal',
    createdAt: new Date(opts.now),
  });
  return { id: Number(w.id), amount, over: refund.over };
}
