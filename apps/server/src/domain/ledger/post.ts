import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

/** Ledger types (docs/design.md#ledger-types): only appended, never renumbered. 5 is the referral commission, 6–10 are rewards (domain/rewards/), 11 the importer's opening balances (domain/import/), 12 an operator's adjustment, 13 a red-packet share (domain/promotions/). */
export const LedgerType = {
  recharge: 0,
  withdraw: 1,
  purchase: 2,
  profit: 3,
  gift: 4,
  /** A referrer's commission of an operator-day (domain/referral/). */
  commission: 5,
  /** A day's rakeback, to the balance. */
  rakeback: 6,
  /** A first-deposit bonus, to stored funds (score) until its wagering requirement is met. */
  firstDepositBonus: 7,
  /** A daily check-in reward, to stored funds. */
  checkIn: 8,
  /** A bonus released from stored funds to the balance (two rows: score −, money +). */
  bonusRelease: 9,
  /**
   * A bonus forfeited by its player while it was being wagered (domain/rewards/forfeit.ts): what is left
   * of it leaves stored funds (score −) and what bets paid with it won leaves the balance (money −), one
   * row per wallet touched.
   */
  bonusForfeit: 10,
  /**
   * A player's balance brought from the previous product by the importer (domain/import/): the opening
   * balance per wallet (cash to money, the bonus balance to score), the funds of a pending withdrawal it
   * holds, and each later run's move of the source's balance. ref_type 'import', ref_id the run.
   */
  importOpening: 11,
  /**
   * An operator's balance adjustment (domain/wallet/adjustments.ts), debit or credit, its memo the public
   * text the player reads; ref_type 'adjustment' (a held debit is pending until a second operator decides)
   * or 'adjustment_refund' (a rejected debit's money back), ref_id the adjustment.
   */
  adjustment: 12,
  /**
   * A red-packet share paid to its claimant (domain/promotions/claim.ts) from the promotions budget: cash
   * to the balance, or bonus money to stored funds; ref_type 'red_packet_claim', ref_id the claim.
   */
  redPacketShare: 13,
} as const;
/** The ledger types a reward claim writes (the reconciliation ties each row to its claim; a forfeit is a claim row of its own kind). */
export const REWARD_LEDGER_TYPES = [
  LedgerType.rakeback,
  LedgerType.firstDepositBonus,
  LedgerType.checkIn,
  LedgerType.bonusRelease,
  LedgerType.bonusForfeit,
] as const;
export const LedgerStatus = { pending: 0, passed: 1, rejected: 2 } as const;
export type Wallet = 'money' | 'score';

export interface LedgerEntry {
  userId: number;
  type: number;
  wallet: Wallet;
  /** Signed cents. */
  quantity: number;
  status?: number;
  gorct?: number;
  refType?: string;
  refId?: number;
  memo?: string;
  createdAt?: Date;
}

/**
 * Moves one balance and writes its ledger row, in the caller's transaction (docs/design.md#money-and-the-ledger). The balance
 * update is a single conditional statement, so concurrent debits can never take it below zero:
 * when the funds are not there nothing changes and `err.insufficient_balance` is thrown.
 * That update locks the player's row: a caller that also touches a request of the player locks the
 * player before the request (domain/lockOrder.ts), so here it only takes a lock it already holds.
 * Returns the ledger row id and the balance (money + score) after.
 */
export async function postLedger(tx: DbOrTx, entry: LedgerEntry): Promise<{ id: number; over: number }> {
  const column = entry.wallet === 'score' ? sql.raw('score') : sql.raw('money');
  const updated = await queryRows<{ over: number | string }>(
    tx,
    sql`
    update users set ${column} = ${column} + ${entry.quantity}
    where id = ${entry.userId} and ${column} + ${entry.quantity} >= 0
    returning money + score as over`,
  );
  const row = updated[0];
  if (!row) throw new AppError('err.insufficient_balance');
  const over = Number(row.over);
  const inserted = await queryRows<{ id: number | string }>(
    tx,
    sql`
    insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, memo, created_at)
    values (${entry.userId}, ${entry.type}, ${entry.status ?? LedgerStatus.passed}, ${entry.wallet}, ${entry.quantity}, true,
            ${over}, ${entry.gorct ?? 0}, ${entry.refType ?? null}, ${entry.refId ?? null}, ${entry.memo ?? null},
            ${(entry.createdAt ?? new Date()).toISOString()})
    returning id`,
  );
  return { id: Number(inserted[0]!.id), over };
}
