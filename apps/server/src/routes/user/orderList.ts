import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { input } from '../../http/input.js';
import { parseDateRange } from '../../http/dateRange.js';
import { queryRows } from '../../db/query.js';
import { className, gameName, lotteryCode, money } from '../../domain/game/present.js';
import { intParam } from '../../domain/game/params.js';

const MAX_ROWS = 500;

/**
 * user/orderList: the caller's own bets between begin_date and end_date (both default to today,
 * local to the operator's time zone), newest first, with the spec's bet order fields (§3).
 */
export default async function orderListRoutes(app: FastifyInstance) {
  app.post('/api/user/orderList', { preHandler: app.requireUser }, async (request, reply) => {
    const params = input(request);
    const { from, to } = parseDateRange(params, app.clock.now(), app.config.timeZone);
    const limit = Math.min(MAX_ROWS, Math.max(1, intParam(params.limit) ?? MAX_ROWS));
    const page = Math.max(1, intParam(params.page) ?? 1);
    const rows = await queryRows<Record<string, unknown>>(app.db, sql`
      select o.id, o.order_no, o.game_id, o.room_id, o.issue, o.play_type, o.amount, o.odds, o.status,
             o.whether_hit, o.profit, o.payout, o.created_at, r.title as plan_name,
             d.digit1, d.digit2, d.digit3, d.total
      from orders o
      join rooms r on r.id = o.room_id
      join rounds d on d.id = o.round_id
      where o.user_id = ${request.user!.userId}
        and o.created_at >= ${new Date(from).toISOString()} and o.created_at < ${new Date(to).toISOString()}
      order by o.created_at desc, o.id desc
      limit ${limit} offset ${(page - 1) * limit}`);
    const lang = request.lang;
    return reply.ok(
      rows.map((r) => {
        const settled = Number(r.status) === 1;
        const drawn = r.total !== null && r.total !== undefined;
        const createdAt = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
        return {
          id: Number(r.id),
          orderNo: String(r.order_no),
          order_no: String(r.order_no),
          game_id: Number(r.game_id),
          name: gameName(lang, Number(r.game_id)),
          plan_id: Number(r.room_id),
          plan_name: String(r.plan_name),
          issue: String(r.issue),
          play_type: Number(r.play_type),
          play_method: className(lang, Number(r.play_type)),
          quantity: money(Number(r.amount)),
          odds: (Number(r.odds) / 100).toFixed(2),
          status: Number(r.status),
          whether_hit: settled ? Number(r.whether_hit) : null,
          profit: settled ? money(Number(r.profit)) : null,
          payout: settled ? money(Number(r.payout)) : null,
          lottery_code: drawn
            ? lotteryCode([Number(r.digit1), Number(r.digit2), Number(r.digit3)], Number(r.total))
            : '',
          createtime: Math.floor(createdAt.getTime() / 1000),
        };
      }),
    );
  });
}
