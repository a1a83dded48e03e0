import type { FastifyInstance } from 'fastify';
import { api, type ApiLang } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { listStreakAlerts, setStreakAlert, type StreakAlert } from '../../domain/game/streakAlerts.js';
import { className } from '../../present.js';

const present = (lang: ApiLang, alerts: StreakAlert[]) =>
  alerts.map((a) => ({ game_id: a.gameId, class: a.classId, name: className(lang, a.classId), run: a.run }));

/** Lottery/streakAlerts and Lottery/setStreakAlert: the caller's own streak alerts (docs/statistics.md#streak-alerts). */
export default async function streakAlertRoutes(app: FastifyInstance) {
  serve(app, api.lottery.streakAlerts, {}, async (request, reply) => {
    return reply.ok(present(request.lang, await listStreakAlerts(app.db, request.user!.userId)));
  });

  serve(app, api.lottery.setStreakAlert, {}, async (request, reply) => {
    const { game_id: gameId, class: classId, run, on } = request.body;
    if (!app.game.snapshot.games.has(gameId)) throw new AppError('err.game_not_found', { field: 'game_id' });
    await setStreakAlert(app.db, request.user!.userId, { gameId, classId, run, on });
    return reply.ok(present(request.lang, await listStreakAlerts(app.db, request.user!.userId)), 'msg.set_success');
  });
}
