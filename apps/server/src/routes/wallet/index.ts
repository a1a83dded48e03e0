import type { FastifyInstance } from 'fastify';
import ledgerRoutes from './ledger.js';
import depositRoutes from './deposit.js';
import withdrawRoutes from './withdraw.js';
import realNameRoutes from './realName.js';

/** The player's wallet: ledger, deposits, withdrawals, real-name verification. */
export default async function walletRoutes(app: FastifyInstance) {
  await app.register(ledgerRoutes);
  await app.register(depositRoutes);
  await app.register(withdrawRoutes);
  await app.register(realNameRoutes);
}
