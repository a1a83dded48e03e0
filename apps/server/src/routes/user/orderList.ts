import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { parseDateRange } from '../../http/dateRange.js';
import { findOwnOrder, listOrders } from '../../domain/game/orderList.js';
import { AppError } from '../../errors.js';

/**
 * user/orderList: the caller's own bets between begin_date and end_date (both default to today,
 * local to the operator's time zone), or with `issue` those of that round, newest first, with the
 * bet order fields of docs/product.md#entities-and-their-fields.
 */
export default async function orderListRoutes(app: FastifyInstance) {
  serve(app, api.user.orderList, {}, async (request, reply) => {
    const { from, to } = parseDateRange(request.body, app.clock.now(), app.config.timeZone);
    const { page, limit, issue } = request.body;
    const { userId, commitLsn } = request.user!;
    return reply.ok(await app.replicaReads.readForPlayer(commitLsn, (db) => listOrders(db, { userId, from, to, issue, page, limit, lang: request.lang })));
  });

  /** user/orderDetail: one of the caller's own bets (the bet detail screen reads it, never its link). */
  serve(app, api.user.orderDetail, {}, async (request, reply) => {
    const order = await findOwnOrder(app.db, { userId: request.user!.userId, orderNo: request.body.order_no, lang: request.lang });
    if (!order) throw new AppError('err.order_not_found');
    return reply.ok(order);
  });
}
