import type { FastifyInstance } from 'fastify';
import { api, betClass, RUN_CLASS_IDS } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { readDrawStatistics } from '../../domain/game/drawStatistics.js';
import { className } from '../../present.js';

/** Lottery/statistics: missing counts and current runs of a game (docs/statistics.md), with the independence statement as `msg`. */
export default async function statisticsRoutes(app: FastifyInstance) {
  serve(app, api.lottery.statistics, {}, async (request, reply) => {
    const gameId = request.body.game_id;
    if (!app.game.snapshot.games.has(gameId)) throw new AppError('err.game_not_found', { field: 'game_id' });
    const stats = await readDrawStatistics(app.db, gameId);
    const byClass = new Map(stats.classes.map((s) => [s.classId, s]));
    return reply.ok(
      {
        game_id: gameId,
        draws: stats.draws,
        missing: stats.classes.map((s) => ({
          class: s.classId,
          name: className(request.lang, s.classId),
          total: betClass(s.classId)?.sum ?? null,
          last_issue: s.lastIssue,
          current: s.currentAbsence,
          longest: s.longestAbsence,
        })),
        runs: RUN_CLASS_IDS.map((id) => ({ class: id, name: className(request.lang, id), length: byClass.get(id)?.currentRun ?? 0 })),
      },
      'msg.draws_independent',
    );
  });
}
