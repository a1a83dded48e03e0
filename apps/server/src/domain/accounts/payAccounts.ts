import { and, eq, sql } from 'drizzle-orm';
import { maskName, maskTail, type PayAccountInput } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { payAccounts } from '../../db/schema.js';

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

/** Binds (or replaces) the caller's bank card or wallet. */
export async function savePayAccount(db: DbOrTx, userId: number, input: PayAccountInput): Promise<PayAccount> {
  const values =
    input.type === 0
      ? { acc: input.acc, accName: input.acc_name, accBank: input.acc_bank, mark: input.mark ?? '' }
      : { acc: input.acc, accName: input.acc_name, accBank: '', mark: input.mark ?? '' };
  const saved = await db
    .insert(payAccounts)
    .values({ userId, type: input.type, ...values })
    .onConflictDoUpdate({ target: [payAccounts.userId, payAccounts.type], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return saved[0]!;
}
