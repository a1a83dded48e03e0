import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { parseDateRange } from '../../http/dateRange.js';
import { listLedger } from '../../domain/wallet/ledgerList.js';

/** user/quantityLogList: the caller's fund ledger (fund details and the ledger entry: docs/product.md#money-and-history-screens, #entities-and-their-fields). */
export default async function ledgerRoutes(app: FastifyInstance) {
  serve(app, api.wallet.quantityLogList, {}, async (request, reply) => {
    const { type, page, limit } = request.body;
    const { from, to } = parseDateRange(request.body, app.clock.now(), app.config.timeZone);
    const { userId, commitLsn } = request.user!;
    const rows = await app.replicaReads.readForPlayer(commitLsn, (db) => listLedger(db, { userId, from, to, type, page, limit }));
    return reply.ok(rows);
  });
}
