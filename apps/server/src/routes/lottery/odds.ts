import type { FastifyInstance } from 'fastify';
import { BET_CLASSES, api, effectiveMinStake, formatOdds, returnToPlayer } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { className, money } from '../../present.js';

/**
 * Lottery/oddsList: the room's actual odds and limits per class, split into `rule_base` (classes
 * below 100) and `rule_num` (exact sums), each with its return to player so that the rules page can
 * never disagree with settlement.
 */
export default async function oddsRoutes(app: FastifyInstance) {
  serve(app, api.lottery.oddsList, {}, async (request, reply) => {
    app.game.applyDueConfig();
    const room = app.game.snapshot.rooms.get(request.body.plan_id);
    if (!room) throw new AppError('err.room_not_found', { field: 'plan_id' });
    // A room the operator switched off, or a room of a game switched off ("product discontinued", docs/product.md#error-handling).
    if (!room.enabled || app.game.snapshot.games.get(room.gameId)?.enabled === false) {
      throw new AppError('err.product_discontinued', { field: 'plan_id' });
    }
    const entries = BET_CLASSES.filter((c) => room.odds.has(c.id)).map((c) => {
      const o = room.odds.get(c.id)!;
      return {
        kind: c.kind,
        entry: {
          class: c.id,
          class_name: className(request.lang, c.id),
          odds: formatOdds(o.odds),
          odds_special: o.oddsSpecial === null ? null : formatOdds(o.oddsSpecial),
          min: money(effectiveMinStake(o, room.minLimit)),
          max: money(o.maxStake),
          rtp: (returnToPlayer(c.id, o) * 100).toFixed(2),
        },
      };
    });
    return reply.ok({
      plan_id: room.id,
      game_id: room.gameId,
      rule_base: entries.filter((e) => e.kind === 'base').map((e) => e.entry),
      rule_num: entries.filter((e) => e.kind === 'sum').map((e) => e.entry),
    });
  });
}
