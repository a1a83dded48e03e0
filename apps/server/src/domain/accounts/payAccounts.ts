import { and, eq } from 'drizzle-orm';
import { isSameHolderName, maskName, maskTail, type PayAccountInput } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { payAccounts, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { sendStationMessage } from '../content/notices.js';
import { Shiming } from './users.js';

export type PayAccount = typeof payAccounts.$inferSelect;

/**
 * A bound account as the app shows it. A bank card's number and holder are masked (the owner never
 * needs them in full again), with whether its holder was found to be the verified real name; a wallet
 * address is public by nature and shown whole (no holder: null).
 */
export function presentPayAccount(a: PayAccount) {
  return a.type === 0
    ? { type: 0, acc: maskName(a.acc), acc_name: maskTail(a.accName), acc_bank: a.accBank, mark: a.mark, holder_checked: a.holderChecked }
    : { type: 1, acc: a.acc, acc_name: a.accName, acc_bank: '', mark: a.mark, holder_checked: null };
}

/** The player's verified real name, or null while none is (not submitted, under review, refused). */
export async function verifiedRealName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ shiming: users.shiming, realName: users.realName }).from(users).where(eq(users.id, userId)).limit(1);
  return row && row.shiming === Shiming.verified && row.realName ? row.realName : null;
}

/**
 * Payouts in the player's own name (issue 42): a bank card's holder, where a verified real name
 * exists, must be that name (`isSameHolderName`, packages/shared/src/holderName.ts),
 * else the binding is refused; where none exists yet, the card is bound unchecked (answers false)
 * and the withdrawal queue marks payouts to it. Answers whether the holder was checked. A wallet has
 * no holder to check.
 */
export async function checkHolder(db: DbOrTx, userId: number, input: PayAccountInput): Promise<boolean> {
  if (input.type !== 0) return false;
  const realName = await verifiedRealName(db, userId);
  if (realName === null) return false;
  if (!isSameHolderName(input.acc, realName)) throw new AppError('err.holder_not_real_name', { field: 'acc' });
  return true;
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

const columnsOf = (input: PayAccountInput, holderChecked: boolean) =>
  input.type === 0
    ? { acc: input.acc, accName: input.acc_name, accBank: input.acc_bank, mark: input.mark ?? '', holderChecked }
    : { acc: input.acc, accName: input.acc_name, accBank: '', mark: input.mark ?? '', holderChecked: false };

/**
 * Binds the caller's first account of this type, in the caller's transaction (its holder judged by
 * `checkHolder` in it). Answers undefined when one is bound already (also by a request a moment ago):
 * that one is only replaced with the code.
 */
export async function bindFirstPayAccount(tx: DbOrTx, userId: number, input: PayAccountInput, now: number): Promise<PayAccount | undefined> {
  const at = new Date(now);
  const holderChecked = await checkHolder(tx, userId, input);
  const saved = await tx
    .insert(payAccounts)
    .values({ userId, type: input.type, ...columnsOf(input, holderChecked), createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [payAccounts.userId, payAccounts.type] })
    .returning();
  return saved[0];
}

/**
 * Replaces the caller's bound account of this type (the security code already checked), in the
 * caller's transaction (its holder judged by `checkHolder` in it), recording when; the player is told
 * in a station message written with it.
 */
export async function replacePayAccount(tx: DbOrTx, userId: number, input: PayAccountInput, now: number): Promise<PayAccount | undefined> {
  const at = new Date(now);
  const holderChecked = await checkHolder(tx, userId, input);
  const [saved] = await tx
    .update(payAccounts)
    .set({ ...columnsOf(input, holderChecked), updatedAt: at, changedAt: at })
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

/**
 * When a real name is verified, in that transaction: the player's bank card, bound before, is marked
 * checked if its holder is that name; one that differs stays unchecked (the withdrawal queue says so).
 */
export async function checkHolderAgainst(tx: DbOrTx, userId: number, realName: string): Promise<void> {
  const card = await payAccountOf(tx, userId, 0);
  if (!card) return;
  const checked = isSameHolderName(card.acc, realName);
  if (checked !== card.holderChecked) await tx.update(payAccounts).set({ holderChecked: checked }).where(eq(payAccounts.id, card.id));
}

export type HolderMark = 'unverified' | 'differs';

/**
 * The withdrawal queue's mark on a payout to a bank card whose `holder` (as the request recorded it)
 * is not known to be the player: no verified real name yet, or a verified one that differs. Null when
 * it is the verified name, and for a wallet.
 */
export function holderMark(type: number, holder: string, realName: string | null): HolderMark | null {
  if (type !== 0) return null;
  if (realName === null) return 'unverified';
  return isSameHolderName(holder, realName) ? null : 'differs';
}
