import type { FastifyInstance, FastifyRequest } from 'fastify';
import { input } from '../../http/input.js';
import { AppError } from '../../errors.js';
import { className, gameName, money, secondsUntil } from '../../domain/game/present.js';
import { intParam } from '../../domain/game/params.js';
import { isWithinHours } from '../../domain/game/roundClock.js';
import type { GameConfig } from '../../domain/game/snapshot.js';

/**
 * Lottery/heart, polled every 2 s in rooms and every 5 s per home card. Served from the engine's
 * in-memory snapshot: the only database work is resolving a logged-in caller's session and balance,
 * each cached for a few seconds (DESIGN §8).
 */
export default async function heartRoutes(app: FastifyInstance) {
  const engine = app.game;

  function issueOf(game: GameConfig, now: number) {
    const current = engine.currentRound(now);
    const open = game.enabled && isWithinHours(current.opensAt, game, engine.settings.timeZone);
    const seconds = secondsUntil(current.drawsAt, now);
    return {
      gameStatus: open ? 1 : 0,
      issue: {
        issue: current.issue,
        whether_close: !open || now >= current.closesAt,
        openTime: seconds,
        openTime1: seconds,
        /** Seconds until betting closes (0 once closed). */
        closeTime: open ? secondsUntil(current.closesAt, now) : 0,
      },
      orderCount: engine.snapshot.betsInRound(game.id, current.issue),
    };
  }

  function lastIssue(gameId: number) {
    const d = engine.snapshot.lastDraw(gameId);
    if (!d) return null;
    return { issue: d.issue, site_1: d.digits[0], site_2: d.digits[1], site_3: d.digits[2], code: d.total };
  }

  function hitNotice(request: FastifyRequest) {
    return engine.snapshot.hitNotices().map((h) => ({
      nickname: h.nickname,
      game_id: h.gameId,
      game_name: gameName(request.lang, h.gameId),
      profit: money(h.profit),
    }));
  }

  app.post('/api/Lottery/heart', async (request, reply) => {
    const params = input(request);
    const gameId = intParam(params.game_id) || undefined;
    const planId = intParam(params.plan_id) || undefined;
    const now = app.clock.now();

    if (gameId === undefined && planId === undefined) {
      const games = engine.snapshot.gameList().map((g) => {
        const s = issueOf(g, now);
        return { game_id: g.id, name: gameName(request.lang, g.id), game_status: s.gameStatus, order_count: s.orderCount, last_issue: lastIssue(g.id), ...s.issue };
      });
      return reply.ok({ games, hit_notice: hitNotice(request) });
    }

    const room = planId !== undefined ? engine.snapshot.rooms.get(planId) : undefined;
    if (planId !== undefined && (!room || (gameId !== undefined && room.gameId !== gameId))) {
      throw new AppError('err.room_not_found', { field: 'plan_id' });
    }
    const game = engine.snapshot.games.get(room?.gameId ?? gameId!);
    if (!game) throw new AppError('err.game_not_found', { field: 'game_id' });
    const s = issueOf(game, now);
    const data: Record<string, unknown> = {
      game_id: game.id,
      last_issue: lastIssue(game.id),
      issue: s.issue,
      game_status: s.gameStatus,
      order_count: s.orderCount,
      hit_notice: hitNotice(request),
    };
    if (room) {
      const user = request.headers.token || request.headers.authorization ? await app.optionalUser(request, { allowCached: true }) : null;
      if (user) engine.presence.touch(room.id, user.userId, now);
      const balance = user ? await engine.balanceOf(user.userId) : undefined;
      data.plan_id = room.id;
      data.robot_num = engine.presence.count(room.id, now);
      data.user_quantity = balance === undefined ? null : money(balance);
      data.message = engine.snapshot.feed(room.id).map((e) => ({
        nickname: e.nickname,
        issue: e.issue,
        play_type: e.playType,
        play_method: className(request.lang, e.playType),
        quantity: money(e.amount),
        // Another player's balance is private: only the caller's own bets carry it.
        after_quantity: user && user.userId === e.userId ? money(e.after) : null,
        mine: Boolean(user && user.userId === e.userId),
        createtime: Math.floor(e.createdAt / 1000),
      }));
    }
    return reply.ok(data);
  });
}
