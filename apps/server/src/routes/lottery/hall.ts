import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { gameName, money } from '../../present.js';
import { isWithinHours } from '../../domain/game/roundClock.js';
import { roomTitle } from '../../domain/game/config.js';

/**
 * Lottery/index: the games with their rooms ("plans"); `robot_num` is the real number of players present.
 * Also the round timing the rules pages state (round length, betting close, the operator's time zone).
 */
export default async function hallRoutes(app: FastifyInstance) {
  serve(app, api.lottery.index, {}, async (request, reply) => {
    const gameId = request.body.game_id;
    const now = app.clock.now();
    const engine = app.game;
    const current = engine.currentRound(now);
    let games = engine.snapshot.gameList();
    if (gameId !== undefined && gameId !== 0) {
      games = games.filter((g) => g.id === gameId);
      if (games.length === 0) throw new AppError('err.game_not_found', { field: 'game_id' });
    }
    const gameList = games.map((g) => ({
      id: g.id,
      name: gameName(request.lang, g.id),
      tab_index: g.tabIndex,
      game_status: g.enabled && isWithinHours(current.opensAt, g, engine.settings.timeZone) ? 1 : 0,
      open_from: g.openFrom,
      open_to: g.openTo,
      planList: g.rooms
        .filter((r) => r.enabled)
        .map((r) => ({
          id: r.id,
          game_id: r.gameId,
          type: r.type,
          title: roomTitle(r, request.lang),
          min_limit: money(r.minLimit),
          join_limit: money(r.joinLimit),
          robot_num: engine.presence.count(r.id, now),
        })),
    }));
    const { roundSeconds, closeBeforeSeconds, timeZone } = engine.settings;
    return reply.ok({ gameList, round_seconds: roundSeconds, close_before_seconds: closeBeforeSeconds, time_zone: timeZone });
  });
}
