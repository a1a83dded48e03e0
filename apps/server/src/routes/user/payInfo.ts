import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { bankCardSchema, maskName, maskTail, payTypeSchema, walletSchema } from '@lucky28/shared';
import { payAccounts } from '../../db/schema.js';
import { parseInput } from '../../http/input.js';
import type { DbOrTx } from '../../db/client.js';

type PayAccount = typeof payAccounts.$inferSelect;

/**
 * A bound account as the app shows it. A bank card's number and holder are masked (the owner never
 * needs them in full again); a wallet address is public by nature and shown whole.
 */
export function presentPayAccount(a: PayAccount) {
  return a.type === 0
    ? { type: 0, acc: maskName(a.acc), acc_name: maskTail(a.accName), acc_bank: a.accBank, mark: a.mark }
    : { type: 1, acc: a.acc, acc_name: a.accName, acc_bank: '', mark: a.mark };
}

export async function payAccountsOf(db: DbOrTx, userId: number): Promise<PayAccount[]> {
  return db.select().from(payAccounts).where(eq(payAccounts.userId, userId)).orderBy(payAccounts.type);
}

/** Bank card (type 0) and virtual wallet (type 1) binding. */
export default async function payInfoRoutes(app: FastifyInstance) {
  app.post('/api/user/payInfo', { preHandler: app.requireUser }, async (request, reply) => {
    const { type } = parseInput(payTypeSchema, request);
    const rows = await app.db
      .select()
      .from(payAccounts)
      .where(and(eq(payAccounts.userId, request.user!.userId), eq(payAccounts.type, type)))
      .limit(1);
    return reply.ok(rows[0] ? presentPayAccount(rows[0]) : null);
  });

  /** Binds (or replaces) the caller's bank card or wallet. */
  app.post('/api/user/setPayInfo', { preHandler: app.requireUser }, async (request, reply) => {
    const { type } = parseInput(payTypeSchema, request);
    const values =
      type === 0
        ? (() => {
            const v = parseInput(bankCardSchema, request);
            return { acc: v.acc, accName: v.acc_name, accBank: v.acc_bank, mark: v.mark ?? '' };
          })()
        : (() => {
            const v = parseInput(walletSchema, request);
            return { acc: v.acc, accName: v.acc_name, accBank: '', mark: v.mark ?? '' };
          })();
    const saved = await app.db
      .insert(payAccounts)
      .values({ userId: request.user!.userId, type, ...values })
      .onConflictDoUpdate({
        target: [payAccounts.userId, payAccounts.type],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    return reply.ok(presentPayAccount(saved[0]!), 'msg.set_success');
  });
}
