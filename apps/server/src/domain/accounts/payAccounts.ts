import { and, eq } from 'drizzle-orm';
import { maskName, maskTail, type PayAccountInput } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { payAccounts } from '../../db/schema.js';
import { sendStationMessage } from '../content/notices.js';

export type PayAccount = typeof payAccounts.$inferSelect;

/**
 * A bound account as the app shows it. A bank card's number and holder are masked (the owner never
 * needs them in full again); a wallet address is public by nature and shown whole.
 */
export function presentPayAccount(a: PayAccount) {
  return a.type === 0
    ? { type: 0, acc: maskName(a.acc), acc_name: maskTail(a.accName), acc_bank: a.accBank, mark: a.mark }
    : { type: 1, acc: a.acc, acc_name: a.accName, acc_bank: '', mark: a.mark };
}

/** The caller's bound accounts, bank card (type 0) first. */
export async function payAccountsOf(db: DbOrTx, userId: number): Promise<PayAccount[]> {
  return db.select().from(payAccounts).where(eq(payAccounts.userId, userId)).orderBy(payAccounts.type);
}

export async function payAccountOf(db: DbOrTx, userId: number, type: number): Promise<PayAccount | undefined> {
  const rows = await db
    .select()
    .from(payAccounts)
    .where(and(eq(payAccounts.userId, userId), eq(payAccounts.type, type)))
    .limit(1);
  return rows[0];
}

const columnsOf = (input: PayAccountInput) =>
  input.type === 0
    ? { acc: input.acc, accName: input.acc_name, accBank: input.acc_bank, mark: input.mark ?? '' }
    : { acc: input.acc, accName: input.acc_name, accBank: '', mark: input.mark ?? '' };

/**
 * Binds the caller's first account of this type, in the caller's transaction. Answers undefined when
 * one is bound already (also by a request a moment ago): that one is only replaced with the code.
 */
export async function bindFirstPayAccount(tx: DbOrTx, userId: number, input: PayAccountInput, now: number): Promise<PayAccount | undefined> {
  const at = new Date(now);
  const saved = await tx
    .insert(payAccounts)
    .values({ userId, type: input.type, ...columnsOf(input), createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [payAccounts.userId, payAccounts.type] })
    .returning();
  return saved[0];
}

/**
 * Replaces the caller's bound account of this type (the security code already checked), in the
 * caller's transaction, recording when; the player is told in a station message written with it.
 */
export async function replacePayAccount(tx: DbOrTx, userId: number, input: PayAccountInput, now: number): Promise<PayAccount | undefined> {
  const at = new Date(now);
  const [saved] = await tx
    .update(payAccounts)
    .set({ ...columnsOf(input), updatedAt: at, changedAt: at })
    .where(and(eq(payAccounts.userId, userId), eq(payAccounts.type, input.type)))
    .returning();
  if (!saved) return undefined;
  await sendStationMessage(
    tx,
    saved.type === 0
      ? { userId, event: 'bank_card_changed', params: { bank: saved.accBank, tail: saved.accName.slice(-4) }, now }
      : { userId, event: 'wallet_changed', params: { network: saved.accName.toUpperCase(), address: saved.acc }, now },
  );
  return saved;
}

/** How long after a change of payout account a withdrawal to it is flagged for the operator. */
export const RECENT_CHANGE_MS = 24 * 60 * 60 * 1000;

const msOf = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).getTime());

/**
 * The withdrawal queue's flag: when the player's payout account of the request's type was last
 * replaced, if that was less than 24 hours before the request — or after it while the request was
 * still open (a second change must not hide the first one). Null otherwise. Unix seconds.
 */
export function recentAccountChange(
  changedAt: Date | string | null | undefined,
  requestedAt: Date | string,
  reviewedAt: Date | string | null | undefined,
): number | null {
  const changed = msOf(changedAt);
  const requested = msOf(requestedAt)!;
  const reviewed = msOf(reviewedAt);
  if (changed === null || changed <= requested - RECENT_CHANGE_MS) return null;
  if (reviewed !== null && changed > reviewed) return null;
  return Math.floor(changed / 1000);
}
