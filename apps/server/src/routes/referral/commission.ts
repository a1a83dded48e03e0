import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { audited } from '../admin/audited.js';
import { zonedDate, zonedDayRange } from '../../domain/time.js';
import { presentSettings } from '../../domain/referral/team.js';
import { currentAndNextSettings, saveSettingsFromTomorrow } from '../../domain/referral/settings.js';
import { edgeShareRefusal } from '../../domain/rewards/limits.js';
import { decideHeld, heldQueue, referralReport, referralTree } from '../../domain/referral/console.js';

/** Days a report covers when no period is given. */
const REPORT_DAYS = 30;

/**
 * The console's side of the referral commissions (issue 24): the settings (admins change them, audited,
 * from the next operator-day), tree, daily report and held queue.
 */
export default async function commissionRoutes(app: FastifyInstance) {
  const tz = () => app.config.timeZone;
  const settingsAnswer = async (db = app.db) => {
    const s = await currentAndNextSettings(db, app.clock.now(), tz());
    return { today: s.today, current: presentSettings(s.current), from: s.from, next: s.next ? presentSettings(s.next) : null };
  };

  serve(app, api.referral.settings, {}, async (_request, reply) => reply.ok(await settingsAnswer()));

  serve(app, api.referral.settingsUpdate, {}, async (request, reply) => {
    const b = request.body;
    const change = audited(app, request, async (tx, record, { operatorId, at }) => {
      const before = await currentAndNextSettings(tx, at, tz());
      const next = { enabled: b.enabled, rate1Bp: b.rate1, rate2Bp: b.rate2, level2: b.level2, minPayout: b.min_payout };
      const from = await saveSettingsFromTomorrow(tx, next, { operatorId, now: at, timeZone: tz() });
      await record({
        action: 'referral.settings',
        targetType: 'settings',
        targetId: 'referral',
        detail: { from, before: presentSettings(before.next ?? before.current), after: presentSettings(next) },
      });
      return settingsAnswer(tx as typeof app.db);
    });
    // The database refuses rates that, with a rakeback's top tier, reach the house edge (domain/rewards/limits.ts).
    const answer = await change.catch((err: unknown) => {
      throw edgeShareRefusal(err, 'rate1') ?? err;
    });
    return reply.ok(answer, 'msg.set_success');
  });

  serve(app, api.referral.tree, {}, async (request, reply) => {
    const tree = await referralTree(app.db, request.body.id);
    if (!tree) throw new AppError('err.not_found', { field: 'id' });
    return reply.ok(tree);
  });

  serve(app, api.referral.report, {}, async (request, reply) => {
    const { begin_date, end_date, page, limit } = request.body;
    const now = app.clock.now();
    const to = end_date ?? zonedDate(now, tz());
    const from = begin_date ?? zonedDate(now - REPORT_DAYS * 86_400_000, tz());
    if (!zonedDayRange(from, tz())) throw new AppError('err.date_invalid', { field: 'begin_date' });
    if (!zonedDayRange(to, tz())) throw new AppError('err.date_invalid', { field: 'end_date' });
    if (from > to) throw new AppError('err.date_range_invalid', { field: 'begin_date' });
    return reply.ok(await referralReport(app.db, { from, to, page: page ?? 1, limit: limit ?? 50 }));
  });

  serve(app, api.referral.held, {}, async (_request, reply) => reply.ok(await heldQueue(app.db)));

  serve(app, api.referral.decide, {}, async (request, reply) => {
    const { id, action, reason } = request.body;
    const answer = await audited(app, request, async (tx, record, { operatorId, at }) => {
      const decided = await decideHeld(tx, { id, action, operatorId, now: at });
      await record({ action: `referral.${action}`, targetType: 'referral_commission', targetId: id, detail: { amount: decided.amount, reason } });
      return decided;
    });
    return reply.ok(answer, 'msg.set_success');
  });
}
