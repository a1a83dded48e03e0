import type { FastifyInstance } from 'fastify';
import { BREAK_DURATIONS, api, formatMoney, readLimitValue, type BreakDuration, type ExclusionKind, type LimitKind } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { parseDateRange } from '../../http/dateRange.js';
import { findUserById } from '../../domain/accounts/users.js';
import { confirmPassword } from '../../domain/accounts/confirmPassword.js';
import { limitsWithUsage, saveLimit, setRealityCheck } from '../../domain/protection/limits.js';
import { exclusionOf, presentExclusion, startBreak } from '../../domain/protection/exclusion.js';
import { netPosition, orderTotals, sessionPlay } from '../../domain/protection/position.js';
import { reverseWithdrawal } from '../../domain/protection/reversal.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * The limit a setLimit request asks for: a value (u in cents, or minutes), or null to remove the
 * limit. A money limit of 0 is a real limit; an empty request is refused, never read as a removal.
 */
function requestedLimit(kind: LimitKind, amount: string | undefined, remove: boolean): number | null {
  if (remove) {
    if (amount !== undefined) throw new AppError('err.limit_remove_with_amount', { field: 'amount' });
    return null;
  }
  const read = readLimitValue(kind, amount);
  if ('problem' in read) throw new AppError(read.problem, { field: 'amount', params: read.params });
  return read.value;
}

/**
 * Player protection: the player's limits, reality-check interval, time-out and
 * self-exclusion, net position, bet-history totals and the reversal of a pending withdrawal.
 */
export default async function protectionRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;

  serve(app, api.protection.protectionInfo, {}, async (request, reply) => {
    const { userId, sessionId } = request.user!;
    const now = app.clock.now();
    const user = await findUserById(app.db, userId);
    if (!user) throw new AppError('err.not_found');
    return reply.ok({
      limits: await limitsWithUsage(app.db, { userId, now, timeZone: tz, sessionId }),
      reality_check: user.realityCheckMinutes,
      exclusion: presentExclusion(exclusionOf(user, now)),
      session: await sessionPlay(app.db, { userId, sessionId, now }),
      time_zone: tz,
    });
  });

  /** Lowering (or a first limit) applies at once; raising or removing (`remove`) after 24 hours (`msg.limit_pending`). */
  serve(app, api.protection.setLimit, { commitsPlayerWrite: true }, async (request, reply) => {
    const { kind, period, amount, remove } = request.body;
    const { userId, sessionId } = request.user!;
    if ((kind === 'session') !== (period === 'session')) throw new AppError('err.limit_kind_invalid', { field: 'period' });
    const value = requestedLimit(kind as LimitKind, amount, remove);
    const now = app.clock.now();
    const { pending } = await saveLimit(app.db, { userId, kind: kind as LimitKind, period: period as 'day', value, now });
    return reply.ok(await limitsWithUsage(app.db, { userId, now, timeZone: tz, sessionId }), pending ? 'msg.limit_pending' : 'msg.limit_saved');
  });

  serve(app, api.protection.setRealityCheck, {}, async (request, reply) => {
    await setRealityCheck(app.db, request.user!.userId, request.body.minutes);
    return reply.ok({ reality_check: request.body.minutes }, 'msg.reality_check_saved');
  });

  /**
   * A time-out or a self-exclusion; a self-exclusion needs the password. Every session ends at once
   * (this one too): signing in only says when it ends, until it does.
   */
  serve(app, api.protection.takeBreak, { config: { rateLimit: app.rateLimits.secret } }, async (request, reply) => {
    const kind = request.body.kind as ExclusionKind;
    const duration = request.body.duration as BreakDuration;
    if (!(BREAK_DURATIONS[kind] as readonly string[]).includes(duration)) throw new AppError('err.break_invalid', { field: 'duration' });
    const userId = request.user!.userId;
    const now = app.clock.now();
    if (kind === 'self_exclusion') {
      const password = request.body.password;
      if (!password) throw new AppError('err.confirm_password_required', { field: 'password' });
      await confirmPassword(app.db, userId, password, now, { key: 'err.confirm_password_wrong', field: 'password' });
    }
    const exclusion = await inTransaction(app.db, (tx) => startBreak(tx, { userId, kind, duration, now }));
    return reply.ok(presentExclusion(exclusion), 'msg.break_started');
  });

  serve(app, api.protection.netPosition, {}, async (request, reply) => {
    return reply.ok(await netPosition(app.db, { userId: request.user!.userId, now: app.clock.now(), timeZone: tz }));
  });

  /** The bet history's period totals (same dates as user/orderList). */
  serve(app, api.protection.orderTotals, {}, async (request, reply) => {
    const { from, to } = parseDateRange(request.body, app.clock.now(), tz);
    return reply.ok(await orderTotals(app.db, { userId: request.user!.userId, from, to }));
  });

  /** The player takes back their pending withdrawal (counts against deposit limits; refused while excluded). */
  serve(app, api.protection.withdrawReverse, { commitsPlayerWrite: true }, async (request, reply) => {
    const now = app.clock.now();
    const done = await inTransaction(app.db, (tx) => reverseWithdrawal(tx, { userId: request.user!.userId, now, timeZone: tz }));
    return reply.ok({ id: done.id, money: formatMoney(done.amount), over: formatMoney(done.over) }, 'msg.withdraw_reversed');
  });
}
