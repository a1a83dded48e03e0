import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api, formatMoney, operatorMayCall, type ApiCall, type AuditTarget, type reviewIdSchema, type reviewListSchema } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { lastDaysRange, parseDateRange } from '../../http/dateRange.js';
import { moneySummary } from '../../domain/wallet/moneySummary.js';
import { pendingReviewCounts } from '../../domain/wallet/queueCounts.js';
import { approveDeposit, listDeposits, rejectDeposit } from '../../domain/wallet/deposits.js';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../../domain/wallet/withdrawals.js';
import { withdrawalRisk } from '../../domain/wallet/withdrawalRisk.js';
import { approveRealName, listRealNames, rejectRealName } from '../../domain/wallet/realName.js';
import { checkInvariants } from '../../domain/wallet/invariants.js';
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
export default async function adminReviewRoutes(app: FastifyInstance) {
  /** Pending items per queue, for the console menu's live counts; a queue the caller's role cannot open is null. */
  serve(app, api.admin.queueCounts, {}, async (request, reply) => {
    const role = request.operator!.role;
    const counts = await pendingReviewCounts(app.db);
    const opens = (list: ApiCall) => operatorMayCall(list.access, role);
    return reply.ok({
      deposits: opens(api.admin.depositList) ? counts.deposits : null,
      withdrawals: opens(api.admin.withdrawList) ? counts.withdrawals : null,
      real_names: opens(api.admin.realNameList) ? counts.real_names : null,
    });
  });

  // Deposits and withdrawals: 0 pending, 1 approved, 2 rejected; their audit rows show the amount.
  const money = { statuses: { pending: 0, approved: 1, rejected: 2 }, detail: (row: { amount: number }) => ({ amount: formatMoney(row.amount) }) };
  reviewQueue({
    ...money,
    target: 'deposit',
    action: 'deposit',
    list: listDeposits,
    approve: approveDeposit,
    reject: rejectDeposit,
    calls: { list: api.admin.depositList, approve: api.admin.depositApprove, reject: api.admin.depositReject },
  });
  reviewQueue({
    ...money,
    target: 'withdrawal',
    action: 'withdrawal',
    list: listWithdrawals,
    approve: approveWithdrawal,
    reject: rejectWithdrawal,
    calls: { list: api.admin.withdrawList, approve: api.admin.withdrawApprove, reject: api.admin.withdrawReject },
  });
  /** What the operator weighs before paying a withdrawal out (read-only). */
  serve(app, api.admin.withdrawRisk, {}, async (request, reply) => reply.ok(await withdrawalRisk(app.db, request.body.id)));

  // Real names: 1 pending, 2 verified, 0 refused (with the reason the player sees).
  reviewQueue({
    target: 'real_name_request',
    action: 'realname',
    statuses: { pending: 1, approved: 2, rejected: 0 },
    list: listRealNames,
    approve: approveRealName,
    reject: rejectRealName,
    detail: () => ({}),
    calls: { list: api.admin.realNameList, approve: api.admin.realNameApprove, reject: api.admin.realNameReject },
  });

  /**
   * One review queue, from its three declared calls: the list (the requests of one status, by
   * default the pending ones), approve and reject. A decision and its audit row (`<action>.approve`
   * / `<action>.reject` on the request, with its player) are one transaction; the answer is the new status.
   */
  function reviewQueue<Row extends { id: number; userId: number }, Rejection extends { id: number; reason?: string }>(q: {
    calls: { list: ApiCall<typeof reviewListSchema>; approve: ApiCall<typeof reviewIdSchema>; reject: ApiCall<z.ZodType<Rejection>> };
    list: (db: DbOrTx, status: number) => Promise<unknown>;
    statuses: { pending: number; approved: number; rejected: number };
    approve: (tx: Tx, decision: Decision) => Promise<Row>;
    reject: (tx: Tx, decision: Decision & Omit<Rejection, 'id'>) => Promise<Row>;
    target: AuditTarget & ('deposit' | 'withdrawal' | 'real_name_request');
    /** The audit action's area (`<area>.approve`, `<area>.reject`). */
    action: 'deposit' | 'withdrawal' | 'realname';
    /** What the audit detail adds to the player. */
    detail: (row: Row) => Record<string, unknown>;
  }) {
    const action = q.action;
    serve(app, q.calls.list, {}, async (request, reply) => reply.ok(await q.list(app.db, request.body.status ?? q.statuses.pending)));

    serve(app, q.calls.approve, {}, async (request, reply) => {
      const row = await audited(app, request, async (tx, record, a) => {
        const decided = await q.approve(tx, { id: request.body.id, operatorId: a.operatorId, now: a.at });
        await record({ action: `${action}.approve`, targetType: q.target, targetId: decided.id, detail: { user_id: decided.userId, ...q.detail(decided) } });
        return decided;
      });
      return reply.ok({ id: row.id, status: q.statuses.approved }, 'msg.set_success');
    });

    serve(app, q.calls.reject, {}, async (request, reply) => {
      // The body passed the call's input schema; a call held in a parameter leaves its type to this cast.
      const { id, ...rejection } = request.body as Rejection;
      const row = await audited(app, request, async (tx, record, a) => {
        const decided = await q.reject(tx, { id, operatorId: a.operatorId, now: a.at, ...rejection });
        await record({
          action: `${action}.reject`,
          targetType: q.target,
          targetId: decided.id,
          detail: { user_id: decided.userId, ...q.detail(decided), reason: rejection.reason ?? '' },
        });
        return decided;
      });
      return reply.ok({ id: row.id, status: q.statuses.rejected }, 'msg.set_success');
    });
  }

  /** A private upload (deposit screenshot, ID-card picture), for the operator roles that review it; audited. */
  serve(app, api.admin.file, {}, (request, reply) => serveToOperator(app, request, reply, request.params.name));

  /** The money dashboard: a period's totals and daily figures (default today, operator time zone). */
  serve(app, api.admin.moneySummary, {}, async (request, reply) => {
    const { last_days: lastDays, ...dates } = request.body;
    if (lastDays !== undefined && (dates.begin_date || dates.end_date)) throw new AppError('err.period_dates_or_days', { field: 'last_days' });
    const { from, to } = parseDateRange(
      lastDays === undefined ? dates : lastDaysRange(lastDays, app.clock.now(), app.config.timeZone),
      app.clock.now(),
      app.config.timeZone,
    );
    if (to - from > 367 * 86_400_000) throw new AppError('err.period_too_long', { field: 'begin_date' });
    return reply.ok(await moneySummary(await app.replicaReads.forReport(), from, to, app.config.timeZone, app.clock.now(), app.db));
  });

  /** The operator-visible reconciliation of the ledger invariants (docs/design.md#the-invariants): each invariant by name, its problem count and first problems. */
  serve(app, api.admin.reconcile, {}, async (_request, reply) => {
    const invariants = await checkInvariants(app.db);
    app.metrics.reconciled(invariants, app.clock.now());
    return reply.ok({ ok: invariants.every((i) => i.count === 0), invariants, problems: invariants.flatMap((i) => i.examples) });
  });
}
