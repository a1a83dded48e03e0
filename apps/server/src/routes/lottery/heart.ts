import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api, type ApiLang } from '@lucky28/shared';
import type { Logger } from 'pino';
import { SHOWN_CACHE_MS } from '../../domain/accounts/sessions.js';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { replayBody } from '../../http/heartShortcut.js';
import { requestIdOf } from '../../http/requestId.js';
import { apiHeaderList } from '../../http/securityHeaders.js';
import { JSON_TYPE, langFrom } from '../../http/envelopeText.js';
import type { GameConfig, RoomConfig } from '../../live/snapshot.js';
import type { HeartView } from '../../live/heartView.js';

/**
 * Lottery/heart, polled every 2 s in rooms and every 5 s per home card (the fallback of the live
 * stream). Served from the engine's in-memory snapshot: the only database work is resolving a
 * logged-in caller's session and balance, each cached for a few seconds (docs/design.md#real-time-and-scale). Everything but
 * the caller's own parts is serialised once per snapshot change and second (heartView.ts); a caller
 * without a session gets the same answer as every other one this second, kept whole as bytes — and
 * usually gets it from the HTTP server's shortcut, before Fastify (http/heartShortcut.ts).
 */
type Target = { game?: undefined; room?: undefined } | { game: GameConfig; room?: RoomConfig };

export default async function heartRoutes(app: FastifyInstance, opts: { view: HeartView }) {
  const engine = app.game;
  const view = opts.view;

  /** What a poll asks for: the home cards (no game), a game's card, or a room; refuses unknown ones. */
  function targetOf(planId: number | undefined, gameId: number | undefined): Target {
    if (gameId === undefined && planId === undefined) return {};
    const room = planId !== undefined ? engine.snapshot.rooms.get(planId) : undefined;
    if (planId !== undefined && (!room || (gameId !== undefined && room.gameId !== gameId))) {
      throw new AppError('err.room_not_found', { field: 'plan_id' });
    }
    const game = engine.snapshot.games.get(room?.gameId ?? gameId!);
    if (!game) throw new AppError('err.game_not_found', { field: 'game_id' });
    // A room the operator switched off, or a room of a game switched off ("product discontinued", docs/product.md#error-handling).
    if (room && (!room.enabled || !game.enabled)) throw new AppError('err.product_discontinued', { field: 'plan_id' });
    return { game, room };
  }

  /** The answer every guest gets this second, kept whole as bytes. */
  function guestAnswer({ game, room }: Target, lang: ApiLang, now: number): Buffer {
    if (!game) return view.answerBytes('home', lang, now, () => view.homeJson(lang, now));
    if (!room) return view.answerBytes(`game:${game.id}`, lang, now, () => view.gameJson(game, undefined, lang, now));
    const present = engine.presence.count(room.id, now);
    return view.answerBytes(`room:${room.id}:${present}`, lang, now, () => view.roomJson(game, room, lang, null, now, present));
  }

  /** A signed-in viewer's room: their balance and their own bets' balances after. */
  async function viewerRoom(request: FastifyRequest, reply: FastifyReply, game: GameConfig, room: RoomConfig, now: number) {
    const user = await app.optionalUser(request, { cachedFor: SHOWN_CACHE_MS });
    if (!user) return reply.okBytes(guestAnswer({ game, room }, request.lang, now));
    engine.presence.touch(room.id, user.userId, now);
    const present = engine.presence.count(room.id, now);
    const balance = await engine.balanceOf(user.userId);
    return reply.okJson(view.roomJson(game, room, request.lang, { userId: user.userId, balance }, now, present));
  }

  // Not an async function: a guest's poll answers at once, without a promise; it returns nothing
  // once it has sent, as Fastify expects of a handler that is not async.
  serve(
    app,
    api.lottery.heart,
    {
      config: { servedFromMemory: true },
      // A body the shortcut read before handing the poll on (http/heartShortcut.ts).
      preParsing: (request, _reply, payload, done) => done(null, replayBody(request.raw, payload)),
    },
    (request, reply) => {
      // 0 means none, as some clients send it.
      const target = targetOf(request.body.plan_id || undefined, request.body.game_id || undefined);
      const now = app.clock.now();
      if (target.room && (request.headers.token || request.headers.authorization)) return viewerRoom(request, reply, target.game, target.room, now);
      reply.okBytes(guestAnswer(target, request.lang, now));
    },
  );

  // Guests' polls skip Fastify's request path unless every poll is logged (debug: http/pollLog.ts, http/heartShortcut.ts).
  app.addHook('onReady', async () => {
    const requestLogging = (app.log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.('debug') ?? false;
    app.heartShortcut.start(
      (poll, acceptLanguage) => {
        let target: Target;
        try {
          target = targetOf(poll.planId, poll.gameId);
        } catch {
          return undefined; // the route refuses it, in its own words
        }
        return guestAnswer(target, langFrom(poll.lang, acceptLanguage), app.clock.now());
      },
      (req) => {
        const headers = apiHeaderList(req, requestIdOf(req), app.config.trustProxy);
        headers.push('content-type', JSON_TYPE);
        return headers;
      },
      !requestLogging,
    );
  });
  app.addHook('preClose', async () => app.heartShortcut.stop());
}
