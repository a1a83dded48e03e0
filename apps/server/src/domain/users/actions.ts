/**
 * What operators may do to a player, each in the caller's transaction with its audit
 * row: freeze / unfreeze (a frozen player cannot sign in, bet or withdraw; their sessions end), a gift
 * (a type-4 ledger row with the reason), a password reset to a one-time password, a security-code reset.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { LedgerType, postLedger, type Wallet } from '../ledger/post.js';
import { hashSecret } from '../security/passwords.js';
import { lockPlayer } from '../lockOrder.js';
import { MEMBER_GROUP } from '../accounts/users.js';

/** The player's row, locked first as every change of a player does (domain/lockOrder.ts). */
export async function lockUser(tx: DbOrTx, userId: number) {
  const row = await lockPlayer<{ id: number; disabled: boolean; username: string; group_id: number }>(tx, userId, sql`id, disabled, username, group_id`);
  if (!row) throw new AppError('err.not_found', { field: 'id' });
  return row;
}

/** Sets the frozen flag; returns the flag before. Ending the sessions is the caller's (the session store owns its cache). */
export async function setFrozen(tx: DbOrTx, userId: number, frozen: boolean): Promise<boolean> {
  const before = await lockUser(tx, userId);
  await tx.update(users).set({ disabled: frozen }).where(eq(users.id, userId));
  return before.disabled;
}

/** A gift to one balance: a passed type-4 ledger row whose memo is the reason. Never to a guest (no play money: docs/design.md#guests). */
export async function giftUser(tx: DbOrTx, opts: { userId: number; cents: number; wallet: Wallet; reason: string; operatorId: number; now: number }) {
  const user = await lockUser(tx, opts.userId);
  if (Number(user.group_id) !== MEMBER_GROUP) throw new AppError('err.guest_no_money', { field: 'id' });
  return postLedger(tx, {
    userId: opts.userId,
    type: LedgerType.gift,
    wallet: opts.wallet,
    quantity: opts.cents,
    refType: 'operator_gift',
    refId: opts.operatorId,
    memo: opts.reason,
    createdAt: new Date(opts.now),
  });
}

/** A one-time password: 12 characters from an alphabet without look-alikes (I, l, O, 0, 1). */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export async function resetPassword(tx: DbOrTx, userId: number, password: string): Promise<void> {
  await lockUser(tx, userId);
  await tx
    .update(users)
    .set({ passwordHash: await hashSecret(password) })
    .where(eq(users.id, userId));
}

/** Clears the security code: the player sets a new one in the app before the next withdrawal. Returns whether one was set. */
export async function resetSecurityCode(tx: DbOrTx, userId: number): Promise<boolean> {
  await lockUser(tx, userId);
  const [before] = await tx.select({ had: users.securityCodeHash }).from(users).where(eq(users.id, userId));
  await tx.update(users).set({ securityCodeHash: null }).where(eq(users.id, userId));
  return before?.had !== null;
}
