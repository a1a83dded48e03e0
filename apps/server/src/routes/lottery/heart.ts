import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heartData, heartSchema, type ApiLang } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import type { GameConfig, RoomConfig } from '../../domain/game/snapshot.js';
import type { HeartView } from './heartView.js';

/**
 * Lottery/heart, polled every 2 s in rooms and every 5 s per home card (the fallback of the live
 * stream). Served from the engine's in-memory snapshot: the only database work is resolving a
 * logged-in caller's session and balance, each cached for a few seconds (DESIGN §8). Everything but
 * the caller's own parts is serialised once per snapshot change and second (heartView.ts); a caller
 * without a session gets the same answer as every other one this second, kept whole as bytes.
 */
export default async function heartRoutes(fastify: FastifyInstance, opts: { view: HeartView }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const engine = app.game;
  const view = opts.view;

  /** A room as every guest sees it this second. */
  function guestRoom(reply: FastifyReply, game: GameConfig, room: RoomConfig, lang: ApiLang, now: number) {
    const present = engine.presence.count(room.id, now);
    reply.okBytes(view.answerBytes(`room:${room.id}:${present}`, lang, now, () => view.roomJson(game, room, lang, null, now, present)));
  }

  /** A signed-in viewer's room: their balance and their own bets' balances after. */
  async function viewerRoom(request: FastifyRequest, reply: FastifyReply, game: GameConfig, room: RoomConfig, now: number) {
    const user = await app.optionalUser(request, { allowCached: true });
    if (!user) return guestRoom(reply, game, room, request.lang, now);
    engine.presence.touch(room.id, user.userId, now);
    const present = engine.presence.count(room.id, now);
    const balance = await engine.balanceOf(user.userId);
    return reply.okJson(view.roomJson(game, room, request.lang, { userId: user.userId, balance }, now, present));
  }

  // Not an async function: a guest's poll answers at once, without a promise (the hottest path);
  // it returns nothing once it has sent, as Fastify expects of a handler that is not async.
  app.post('/api/Lottery/heart', { schema: { body: heartSchema, response: answers(heartData) } }, (request, reply) => {
    // 0 means none, as some clients send it.
    const gameId = request.body.game_id || undefined;
    const planId = request.body.plan_id || undefined;
    const now = app.clock.now();
    const lang = request.lang;

    if (gameId === undefined && planId === undefined) {
      reply.okBytes(view.answerBytes('home', lang, now, () => view.homeJson(lang, now)));
      return;
    }

    const room = planId !== undefined ? engine.snapshot.rooms.get(planId) : undefined;
    if (planId !== undefined && (!room || (gameId !== undefined && room.gameId !== gameId))) {
      throw new AppError('err.room_not_found', { field: 'plan_id' });
    }
    const game = engine.snapshot.games.get(room?.gameId ?? gameId!);
    if (!game) throw new AppError('err.game_not_found', { field: 'game_id' });
    if (!room) {
      reply.okBytes(view.answerBytes(`game:${game.id}`, lang, now, () => view.gameJson(game, undefined, lang, now)));
      return;
    }

    if (request.headers.token || request.headers.authorization) return viewerRoom(request, reply, game, room, now);
    guestRoom(reply, game, room, lang, now);
  });
}
