import type { FastifyInstance } from 'fastify';
import { parseMoney } from '@lucky28/shared';
import { input } from '../../http/input.js';
import { AppError } from '../../errors.js';
import { className, maskNickname, money } from '../../domain/game/present.js';
import { classListParam, intParam } from '../../domain/game/params.js';
import type { BetResult } from '../../domain/game/betting.js';
import { idempotencyClaim } from '../../domain/idempotency.js';

/**
 * Lottery/playOrder: one or several classes (`play_type` "1" or "1,3,11" or an array) at `money`
 * each, all accepted or none. An `Idempotency-Key` header makes a retry apply once and answer the
 * same entry; the same key with a different bet is refused.
 */
export default async function playOrderRoutes(app: FastifyInstance) {
  app.post('/api/Lottery/playOrder', { preHandler: app.requireUser }, async (request, reply) => {
    const params = input(request);
    const planId = intParam(params.plan_id);
    const gameId = intParam(params.game_id);
    const room = planId === undefined ? undefined : app.game.snapshot.rooms.get(planId);
    if (!room || (gameId !== undefined && gameId !== room.gameId)) throw new AppError('err.room_not_found', { field: 'plan_id' });
    const playTypes = classListParam(params.play_type);
    if (playTypes === null) throw new AppError('err.bet_class_invalid', { field: 'play_type' });
    if (playTypes.length === 0) throw new AppError('err.bet_select', { field: 'play_type' });
    const amount = parseMoney(params.money);
    if (amount === null || amount <= 0) throw new AppError('err.bet_amount_invalid', { field: 'money' });
    const issue = typeof params.issue === 'string' || typeof params.issue === 'number' ? String(params.issue).trim() : '';
    if (issue === '') throw new AppError('err.issue_not_current', { field: 'issue' });
    const userId = request.user!.userId;
    const idempotency = idempotencyClaim({ headers: request.headers, params, userId, operation: 'bet' });

    const { result } = await app.game.placeBets({
      userId,
      gameId: room.gameId,
      roomId: room.id,
      issue,
      playTypes,
      amount,
      idempotency,
    });
    return reply.ok(betEntry(result, request.lang), 'msg.bet_success');
  });
}

/** The feed entry of the bet (spec: "the entry with after_quantity"), plus each order placed. */
function betEntry(result: BetResult, lang: Parameters<typeof className>[0]) {
  const total = result.orders.reduce((s, o) => s + o.amount, 0);
  return {
    nickname: maskNickname(result.nickname),
    issue: result.issue,
    game_id: result.gameId,
    plan_id: result.roomId,
    play_type: result.orders.map((o) => o.playType).join(','),
    play_method: result.orders.map((o) => className(lang, o.playType)).join(','),
    quantity: money(total),
    after_quantity: money(result.after),
    createtime: Math.floor(result.createdAt / 1000),
    orders: result.orders.map((o) => ({
      order_no: o.orderNo,
      play_type: o.playType,
      play_method: className(lang, o.playType),
      quantity: money(o.amount),
      odds: (o.odds / 100).toFixed(2),
    })),
  };
}
