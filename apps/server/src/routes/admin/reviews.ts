import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query.js';
import { roleAllows } from '../../domain/operators/roles.js';
import { moneySummarySchema } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { parseDateRange } from '../../http/dateRange.js';
import { moneySummary } from '../../domain/wallet/moneySummary.js';
import { formatMoney } from '@lucky28/shared';
import { parseInput } from '../../http/input.js';
import { audit } from '../../domain/operators/audit.js';
import { approveDeposit, listDeposits, rejectDeposit } from '../../domain/wallet/deposits.js';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../../domain/wallet/withdrawals.js';
import { approveRealName, listRealNames, rejectRealName } from '../../domain/wallet/realName.js';
import { findDiscrepancies } from '../../domain/wallet/invariants.js';
import { rejectSchema, rejectWithReasonSchema, reviewIdSchema, reviewListSchema } from '../../domain/wallet/schemas.js';
import { serveToOperator } from '../common/index.js';

/**
 * The operators' review queues: deposits and withdrawals (finance), real-name requests (support).
 * Every decision and its audit row are one transaction: both happen or neither does.
 */
export default async function adminReviewRoutes(app: FastifyInstance) {
  const finance = app.requireOperator('finance');
  const support = app.requireOperator('support');
  const actor = (request: FastifyRequest) => ({ operatorId: request.operator!.operatorId, ip: request.ip, at: app.clock.now() });

  /** Pending items per queue, for the console menu's live counts; a queue the caller's role cannot open is null. */
  app.post('/api/admin/queueCounts', { preHandler: app.requireOperator('finance', 'support') }, async (request, reply) => {
    const role = request.operator!.role;
    const [row] = await queryRows<{ deposits: number; withdrawals: number; real_names: number }>(app.db, sql`
      select (select count(*)::int from deposits where status = 0) as deposits,
             (select count(*)::int from withdrawals where status = 0) as withdrawals,
             (select count(*)::int from real_name_requests where status = 1) as real_names`);
    const sees = (r: 'finance' | 'support') => roleAllows(role, [r]);
    return reply.ok({
      deposits: sees('finance') ? row!.deposits : null,
      withdrawals: sees('finance') ? row!.withdrawals : null,
      real_names: sees('support') ? row!.real_names : null,
    });
  });

  app.post('/api/admin/depositList', { preHandler: finance }, async (request, reply) => {
    const { status } = parseInput(reviewListSchema, request);
    return reply.ok(await listDeposits(app.db, status ?? 0));
  });

  app.post('/api/admin/depositApprove', { preHandler: finance }, async (request, reply) => {
    const { id } = parseInput(reviewIdSchema, request);
    const a = actor(request);
    const deposit = await app.db.transaction(async (tx) => {
      const d = await approveDeposit(tx, { id, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'deposit.approve', targetType: 'deposit', targetId: d.id, detail: { user_id: d.userId, amount: formatMoney(d.amount) } });
      return d;
    });
    return reply.ok({ id: deposit.id, status: 1 }, 'msg.set_success');
  });

  app.post('/api/admin/depositReject', { preHandler: finance }, async (request, reply) => {
    const { id, reason } = parseInput(rejectSchema, request);
    const a = actor(request);
    const deposit = await app.db.transaction(async (tx) => {
      const d = await rejectDeposit(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await audit(tx, { ...a, action: 'deposit.reject', targetType: 'deposit', targetId: d.id, detail: { user_id: d.userId, amount: formatMoney(d.amount), reason: reason ?? '' } });
      return d;
    });
    return reply.ok({ id: deposit.id, status: 2 }, 'msg.set_success');
  });

  app.post('/api/admin/withdrawList', { preHandler: finance }, async (request, reply) => {
    const { status } = parseInput(reviewListSchema, request);
    return reply.ok(await listWithdrawals(app.db, status ?? 0));
  });

  app.post('/api/admin/withdrawApprove', { preHandler: finance }, async (request, reply) => {
    const { id } = parseInput(reviewIdSchema, request);
    const a = actor(request);
    const w = await app.db.transaction(async (tx) => {
      const row = await approveWithdrawal(tx, { id, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: row.id, detail: { user_id: row.userId, amount: formatMoney(row.amount) } });
      return row;
    });
    return reply.ok({ id: w.id, status: 1 }, 'msg.set_success');
  });

  app.post('/api/admin/withdrawReject', { preHandler: finance }, async (request, reply) => {
    const { id, reason } = parseInput(rejectSchema, request);
    const a = actor(request);
    const w = await app.db.transaction(async (tx) => {
      const row = await rejectWithdrawal(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await audit(tx, { ...a, action: 'withdrawal.reject', targetType: 'withdrawal', targetId: row.id, detail: { user_id: row.userId, amount: formatMoney(row.amount), reason: reason ?? '' } });
      return row;
    });
    return reply.ok({ id: w.id, status: 2 }, 'msg.set_success');
  });

  app.post('/api/admin/realNameList', { preHandler: support }, async (request, reply) => {
    const { status } = parseInput(reviewListSchema, request);
    return reply.ok(await listRealNames(app.db, status ?? 1));
  });

  app.post('/api/admin/realNameApprove', { preHandler: support }, async (request, reply) => {
    const { id } = parseInput(reviewIdSchema, request);
    const a = actor(request);
    const r = await app.db.transaction(async (tx) => {
      const row = await approveRealName(tx, { id, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'realname.approve', targetType: 'real_name_request', targetId: row.id, detail: { user_id: row.userId } });
      return row;
    });
    return reply.ok({ id: r.id, status: 2 }, 'msg.set_success');
  });

  app.post('/api/admin/realNameReject', { preHandler: support }, async (request, reply) => {
    const { id, reason } = parseInput(rejectWithReasonSchema, request);
    const a = actor(request);
    const r = await app.db.transaction(async (tx) => {
      const row = await rejectRealName(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await audit(tx, { ...a, action: 'realname.reject', targetType: 'real_name_request', targetId: row.id, detail: { user_id: row.userId, reason } });
      return row;
    });
    return reply.ok({ id: r.id, status: 0 }, 'msg.set_success');
  });

  /** A private upload (deposit screenshot, ID-card picture), for the operator roles that review it; audited. */
  app.get<{ Params: { name: string } }>('/api/admin/file/:name', { preHandler: app.requireOperator('finance', 'support') }, (request, reply) =>
    serveToOperator(app, request, reply),
  );

  /** The money dashboard: a period's totals and daily figures (default today, operator time zone). */
  app.post('/api/admin/moneySummary', { preHandler: finance }, async (request, reply) => {
    const dates = parseInput(moneySummarySchema, request);
    const { from, to } = parseDateRange(dates, app.clock.now(), app.config.timeZone);
    if (to - from > 367 * 86_400_000) throw new AppError('err.date_range_invalid', { field: 'begin_date' });
    return reply.ok(await moneySummary(app.db, from, to, app.config.timeZone));
  });

  /** DESIGN §4's operator-visible reconciliation: every discrepancy between balances, ledger and requests. */
  app.post('/api/admin/reconcile', { preHandler: finance }, async (_request, reply) => {
    const problems = await findDiscrepancies(app.db);
    return reply.ok({ ok: problems.length === 0, problems });
  });
}
