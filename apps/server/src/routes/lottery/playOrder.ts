import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, slipOf } from '@lucky28/shared';
import { AppError, unauthorized } from '../../errors.js';
import { tokenOf } from '../../plugins/auth.js';
import { serve } from '../../http/serve.js';
import { className, maskNickname, money } from '../../present.js';
import type { BetResult } from '../../domain/betting/request.js';
import { idempotencyClaim } from '../../domain/idempotency.js';
import { postBetMessage } from '../../domain/chat/betMessages.js';

/**
 * Lottery/playOrder: one or several classes (`play_type` "1" or "1,3,11" or an array) at `money`
 * each, or the list form `bets` (each class with its own stake), all accepted or none. An `Idempotency-Key` header makes a retry apply once and answer the
 * same entry; the same key with a different bet is refused. The class list is bounded (at most one of each class) before it is read, and each
 * player may place only so many bets per window (`rateLimits.bet`, counted per user after login).
 * `source: 'chat'` (a slip confirmed in the room's chat) also posts the slip's bet message to the chat.
 */
export default async function playOrderRoutes(app: FastifyInstance) {
  const limit = app.rateLimits.bet;
  /**
   * When each bet arrived (its request's first hook, before the body, the guard and the wait for a
   * turn of the event loop): the bet is judged at that moment, so a bet that reached the server before
   * betting closed is not refused because the server was busy with others (the closing rush).
   */
  const receivedAt = new WeakMap<FastifyRequest, number>();

  serve(
    app,
    api.lottery.playOrder,
    {
      // The session as resolved in the last seconds; the bet confirms it (see engine.placeBets). Members only (guests bet nothing: docs/design.md#guests).
      guard: app.requireMemberRecent,
      commitsPlayerWrite: true,
      onRequest: (request, _reply, done) => {
        receivedAt.set(request, app.clock.now());
        done();
      },
      config: {
        rateLimit: limit && { ...limit, hook: 'preValidation', keyGenerator: (request: FastifyRequest) => `bet:user:${request.user!.userId}` },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const room = app.game.snapshot.rooms.get(body.plan_id);
      if (!room || (body.game_id !== undefined && body.game_id !== room.gameId)) throw new AppError('err.room_not_found', { field: 'plan_id' });
      const userId = request.user!.userId;
      const idempotency = idempotencyClaim({ headers: request.headers, params: body, userId, operation: 'bet' });
      const slip = slipOf(body);

      const { result, replayed } = await app.game.placeBets(
        {
          userId,
          gameId: room.gameId,
          roomId: room.id,
          issue: body.issue,
          playTypes: slip.map((b) => b.playType),
          amounts: slip.map((b) => b.amount),
          idempotency,
          sessionId: request.user!.sessionId,
        },
        {
          receivedAt: receivedAt.get(request),
          // Before the general path: the session afresh from the database (the guard may have used a recent one).
          confirmSession: async () => {
            const token = tokenOf(request);
            if (!token || !(await app.sessions.resolve(token, app.clock.now()))) throw unauthorized();
          },
        },
      );
      app.metrics.betPlaced(result.orders.length, replayed);
      // A slip confirmed in the chat: its bet message, once (a retry writes it only if still missing).
      if (body.source === 'chat') {
        const line = await postBetMessage(app.db, result);
        if (line) app.chatRelay.posted(line);
      }
      return reply.ok(betEntry(result, request.lang), 'msg.bet_success');
    },
  );
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
