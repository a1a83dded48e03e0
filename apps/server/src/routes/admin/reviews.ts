import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  depositQueueData,
  formatMoney,
  moneySummaryData,
  moneySummarySchema,
  noInput,
  queueCountsData,
  realNameQueueData,
  reconcileData,
  rejectSchema,
  rejectWithReasonSchema,
  reviewDecisionData,
  reviewIdSchema,
  reviewListSchema,
  uploadNameParams,
  withdrawalQueueData,
} from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { parseDateRange } from '../../http/dateRange.js';
import { roleAllows } from '../../domain/operators/roles.js';
import { moneySummary } from '../../domain/wallet/moneySummary.js';
import { pendingReviewCounts } from '../../domain/wallet/queueCounts.js';
import { approveDeposit, listDeposits, rejectDeposit } from '../../domain/wallet/deposits.js';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../../domain/wallet/withdrawals.js';
import { approveRealName, listRealNames, rejectRealName } from '../../domain/wallet/realName.js';
import { findDiscrepancies } from '../../domain/wallet/invariants.js';
import { serveToOperator } from '../../http/files.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { audited } from './audited.js';

/** Who decides a review request, and when. */
interface Decision {
  id: number;
  operatorId: number;
  now: number;
}

/**
 * The operators' review queues: deposits and withdrawals (finance), real-name requests (support).
 * Every decision and its audit row are one transaction: both happen or neither does.
 */
export default async function adminReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const finance = app.requireOperator('finance');
  const support = app.requireOperator('support');

  /** Pending items per queue, for the console menu's live counts; a queue the caller's role cannot open is null. */
  app.post('/api/admin/queueCounts', {
    preValidation: app.requireOperator('finance', 'support'),
    schema: { body: noInput, response: answers(queueCountsData) },
  }, async (request, reply) => {
    const role = request.operator!.role;
    const counts = await pendingReviewCounts(app.db);
    const sees = (r: 'finance' | 'support') => roleAllows(role, [r]);
    return reply.ok({
      deposits: sees('finance') ? counts.deposits : null,
      withdrawals: sees('finance') ? counts.withdrawals : null,
      real_names: sees('support') ? counts.real_names : null,
    });
  });

  // Deposits and withdrawals: 0 pending, 1 approved, 2 rejected; their audit rows show the amount.
  const money = { guard: finance, statuses: { pending: 0, approved: 1, rejected: 2 }, rejectBody: rejectSchema, detail: (row: { amount: number }) => ({ amount: formatMoney(row.amount) }) };
  reviewQueue({ ...money, name: 'deposit', target: 'deposit', listData: depositQueueData, list: listDeposits, approve: approveDeposit, reject: rejectDeposit });
  reviewQueue({ ...money, name: 'withdraw', target: 'withdrawal', listData: withdrawalQueueData, list: listWithdrawals, approve: approveWithdrawal, reject: rejectWithdrawal });
  // Real names: 1 pending, 2 verified, 0 refused (with the reason the player sees).
  reviewQueue({
    name: 'realName', target: 'real_name_request', action: 'realname', guard: support, statuses: { pending: 1, approved: 2, rejected: 0 },
    listData: realNameQueueData, list: listRealNames, approve: approveRealName, reject: rejectRealName, rejectBody: rejectWithReasonSchema, detail: () => ({}),
  });

  /**
   * One review queue: `<name>List` (the requests of one status, by default the pending ones),
   * `<name>Approve` and `<name>Reject`. A decision and its audit row (`<action>.approve` /
   * `<action>.reject` on the request, with its player) are one transaction; the answer is the new status.
   */
  function reviewQueue<Row extends { id: number; userId: number }, Rejection extends { id: number; reason?: string }>(q: {
    name: 'deposit' | 'withdraw' | 'realName';
    guard: ReturnType<typeof app.requireOperator>;
    listData: z.ZodType;
    list: (db: DbOrTx, status: number) => Promise<unknown>;
    statuses: { pending: number; approved: number; rejected: number };
    approve: (tx: Tx, decision: Decision) => Promise<Row>;
    reject: (tx: Tx, decision: Decision & Omit<Rejection, 'id'>) => Promise<Row>;
    rejectBody: z.ZodType<Rejection>;
    target: string;
    /** The audit action's prefix, when it is not the target. */
    action?: string;
    /** What the audit detail adds to the player. */
    detail: (row: Row) => Record<string, unknown>;
  }) {
    const action = q.action ?? q.target;
    app.post(`/api/admin/${q.name}List`, {
      preValidation: q.guard,
      schema: { body: reviewListSchema, response: answers(q.listData) },
    }, async (request, reply) => reply.ok(await q.list(app.db, request.body.status ?? q.statuses.pending)));

    app.post(`/api/admin/${q.name}Approve`, {
      preValidation: q.guard,
      schema: { body: reviewIdSchema, response: answers(reviewDecisionData) },
    }, async (request, reply) => {
      const row = await audited(app, request, async (tx, record, a) => {
        const decided = await q.approve(tx, { id: request.body.id, operatorId: a.operatorId, now: a.at });
        await record({ action: `${action}.approve`, targetType: q.target, targetId: decided.id, detail: { user_id: decided.userId, ...q.detail(decided) } });
        return decided;
      });
      return reply.ok({ id: row.id, status: q.statuses.approved }, 'msg.set_success');
    });

    app.post(`/api/admin/${q.name}Reject`, {
      preValidation: q.guard,
      schema: { body: q.rejectBody, response: answers(reviewDecisionData) },
    }, async (request, reply) => {
      // The body passed `rejectBody`; a schema held in a parameter leaves its type to this cast.
      const { id, ...rejection } = request.body as Rejection;
      const row = await audited(app, request, async (tx, record, a) => {
        const decided = await q.reject(tx, { id, operatorId: a.operatorId, now: a.at, ...rejection });
        await record({ action: `${action}.reject`, targetType: q.target, targetId: decided.id, detail: { user_id: decided.userId, ...q.detail(decided), reason: rejection.reason ?? '' } });
        return decided;
      });
      return reply.ok({ id: row.id, status: q.statuses.rejected }, 'msg.set_success');
    });
  }

  /** A private upload (deposit screenshot, ID-card picture), for the operator roles that review it; audited. */
  app.get('/api/admin/file/:name', {
    preValidation: app.requireOperator('finance', 'support'),
    schema: { params: uploadNameParams },
  }, (request, reply) => serveToOperator(app, request, reply, request.params.name));

  /** The money dashboard: a period's totals and daily figures (default today, operator time zone). */
  app.post('/api/admin/moneySummary', {
    preValidation: finance,
    schema: { body: moneySummarySchema, response: answers(moneySummaryData) },
  }, async (request, reply) => {
    const { from, to } = parseDateRange(request.body, app.clock.now(), app.config.timeZone);
    if (to - from > 367 * 86_400_000) throw new AppError('err.date_range_invalid', { field: 'begin_date' });
    return reply.ok(await moneySummary(app.db, from, to, app.config.timeZone));
  });

  /** DESIGN §4's operator-visible reconciliation: every discrepancy between balances, ledger and requests. */
  app.post('/api/admin/reconcile', {
    preValidation: finance,
    schema: { body: noInput, response: answers(reconcileData) },
  }, async (_request, reply) => {
    const problems = await findDiscrepancies(app.db);
    return reply.ok({ ok: problems.length === 0, problems });
  });
}
