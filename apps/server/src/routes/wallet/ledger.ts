import type { FastifyInstance } from 'fastify';
import { input, parseInput } from '../../http/input.js';
import { parseDateRange } from '../../http/dateRange.js';
import { ledgerListSchema } from '../../domain/wallet/schemas.js';
import { listLedger } from '../../domain/wallet/ledgerList.js';

/** user/quantityLogList: the caller's fund ledger (spec §2.10 fund details, §3 ledger entry). */
export default async function ledgerRoutes(app: FastifyInstance) {
  app.post('/api/user/quantityLogList', { preHandler: app.requireUser }, async (request, reply) => {
    const { from, to } = parseDateRange(input(request), app.clock.now(), app.config.timeZone);
    const { type, page, limit } = parseInput(ledgerListSchema, request);
    const rows = await listLedger(app.db, { userId: request.user!.userId, from, to, type, page, limit });
    return reply.ok(rows);
  });
}
