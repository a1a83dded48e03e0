import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heartData, heartSchema, type ApiLang } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { className, gameName, money, secondsUntil } from '../../domain/game/present.js';
import { isWithinHours } from '../../domain/game/roundClock.js';
import type { FeedEntry, GameConfig } from '../../domain/game/snapshot.js';
import { HeartCache } from './heartCache.js';

/**
 * Lottery/heart, polled every 2 s in rooms and every 5 s per home card. Served from the engine's
 * in-memory snapshot: the only database work is resolving a logged-in caller's session and balance,
 * each cached for a few seconds (DESIGN §8). Everything but the caller's own parts (balance, their
 * bets' balances after, the room's presence) is serialised once per snapshot change and second.
 */
export default async function heartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const engine = app.game;
  const cache = new HeartCache();
  const cached = <T>(key: string, now: number, build: () => T) => cache.get(key, engine.snapshot.version, now, build);
  const cachedJson = (key: string, now: number, build: () => unknown) => cached(key, now, () => JSON.stringify(build()));

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

  function feedEntry(e: FeedEntry, lang: ApiLang, mine: boolean) {
    return {
      nickname: e.nickname,
      issue: e.issue,
      play_type: e.playType,
      play_method: className(lang, e.playType),
      quantity: money(e.amount),
      // Another player's balance is private: only the caller's own bets carry it.
      after_quantity: mine ? money(e.after) : null,
      mine,
      createtime: Math.floor(e.createdAt / 1000),
    };
  }

  /**
   * The room's recent bets as a JSON array, newest last. Every entry is serialised once as anyone
   * sees it; only the viewer's own bets are serialised again, with their balance after.
   */
  function feedJson(roomId: number, lang: ApiLang, viewerId: number | null, now: number): string {
    const entries = engine.snapshot.feed(roomId);
    const shared = cached(`feed:${roomId}:${lang}`, now, () => entries.map((e) => JSON.stringify(feedEntry(e, lang, false))));
    if (viewerId === null || !entries.some((e) => e.userId === viewerId)) {
      return cached(`feedJson:${roomId}:${lang}`, now, () => `[${shared.join(',')}]`);
    }
    return `[${entries.map((e, i) => (e.userId === viewerId ? JSON.stringify(feedEntry(e, lang, true)) : shared[i])).join(',')}]`;
  }

  app.post('/api/Lottery/heart', { schema: { body: heartSchema, response: answers(heartData) } }, async (request, reply) => {
    // 0 means none, as some clients send it.
    const gameId = request.body.game_id || undefined;
    const planId = request.body.plan_id || undefined;
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
    const personal = `"robot_num":${engine.presence.count(room.id, now)},"user_quantity":${JSON.stringify(balance === undefined ? null : money(balance))}`;
    // gameJson is an object literal: reopen it to add the caller's own parts.
    return reply.okJson(`${gameJson.slice(0, -1)},${personal},"message":${feedJson(room.id, lang, user?.userId ?? null, now)}}`);
  });
}
