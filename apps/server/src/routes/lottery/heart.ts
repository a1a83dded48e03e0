import type { FastifyInstance } from 'fastify';
import type { ApiLang } from '@lucky28/shared';
import { input } from '../../http/input.js';
import { AppError } from '../../errors.js';
import { className, gameName, money, secondsUntil } from '../../domain/game/present.js';
import { intParam } from '../../domain/game/params.js';
import { isWithinHours } from '../../domain/game/roundClock.js';
import type { GameConfig } from '../../domain/game/snapshot.js';
import { HeartCache } from './heartCache.js';

/**
 * Lottery/heart, polled every 2 s in rooms and every 5 s per home card. Served from the engine's
 * in-memory snapshot: the only database work is resolving a logged-in caller's session and balance,
 * each cached for a few seconds (DESIGN §8). Everything but the caller's own parts (balance, their
 * bets' balances after, the room's presence) is serialised once per snapshot change and second.
 */
export default async function heartRoutes(app: FastifyInstance) {
  const engine = app.game;
  const cache = new HeartCache();
  const cachedJson = (key: string, now: number, build: () => unknown) =>
    cache.get(key, engine.snapshot.version, now, () => JSON.stringify(build()));

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

  function hitNotice(lang: ApiLang) {
    return engine.snapshot.hitNotices().map((h) => ({
      nickname: h.nickname,
      game_id: h.gameId,
      game_name: gameName(lang, h.gameId),
      profit: money(h.profit),
    }));
  }

  /** The room's recent bets, newest last; `viewerId`'s own bets carry their balance after. */
  function feed(roomId: number, lang: ApiLang, viewerId: number | null) {
    return engine.snapshot.feed(roomId).map((e) => ({
      nickname: e.nickname,
      issue: e.issue,
      play_type: e.playType,
      play_method: className(lang, e.playType),
      quantity: money(e.amount),
      // Another player's balance is private: only the caller's own bets carry it.
      after_quantity: viewerId === e.userId ? money(e.after) : null,
      mine: viewerId === e.userId,
      createtime: Math.floor(e.createdAt / 1000),
    }));
  }

  app.post('/api/Lottery/heart', async (request, reply) => {
    const params = input(request);
    const gameId = intParam(params.game_id) || undefined;
    const planId = intParam(params.plan_id) || undefined;
    const now = app.clock.now();
    const lang = request.lang;

    if (gameId === undefined && planId === undefined) {
      const homeJson = cachedJson(`home:${lang}`, now, () => ({
        games: engine.snapshot.gameList().map((g) => {
          const s = issueOf(g, now);
          return { game_id: g.id, name: gameName(lang, g.id), game_status: s.gameStatus, order_count: s.orderCount, last_issue: lastIssue(g.id), ...s.issue };
        }),
        hit_notice: hitNotice(lang),
      }));
      return reply.okJson(homeJson);
    }

    const room = planId !== undefined ? engine.snapshot.rooms.get(planId) : undefined;
    if (planId !== undefined && (!room || (gameId !== undefined && room.gameId !== gameId))) {
      throw new AppError('err.room_not_found', { field: 'plan_id' });
    }
    const game = engine.snapshot.games.get(room?.gameId ?? gameId!);
    if (!game) throw new AppError('err.game_not_found', { field: 'game_id' });
    const gameJson = cachedJson(`game:${game.id}:${room?.id ?? ''}:${lang}`, now, () => {
      const s = issueOf(game, now);
      return {
        game_id: game.id,
        last_issue: lastIssue(game.id),
        issue: s.issue,
        game_status: s.gameStatus,
        order_count: s.orderCount,
        hit_notice: hitNotice(lang),
        ...(room ? { plan_id: room.id } : {}),
      };
    });
    if (!room) return reply.okJson(gameJson);

    const user = request.headers.token || request.headers.authorization ? await app.optionalUser(request, { allowCached: true }) : null;
    if (user) engine.presence.touch(room.id, user.userId, now);
    const balance = user ? await engine.balanceOf(user.userId) : undefined;
    const viewerHasBets = user !== null && engine.snapshot.feed(room.id).some((e) => e.userId === user.userId);
    const feedJson = viewerHasBets
      ? JSON.stringify(feed(room.id, lang, user.userId))
      : cachedJson(`feed:${room.id}:${lang}`, now, () => feed(room.id, lang, null));
    const personal = `"robot_num":${engine.presence.count(room.id, now)},"user_quantity":${JSON.stringify(balance === undefined ? null : money(balance))}`;
    // gameJson is an object literal: reopen it to add the caller's own parts.
    return reply.okJson(`${gameJson.slice(0, -1)},${personal},"message":${feedJson}}`);
  });
}
