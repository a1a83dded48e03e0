import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depositQueueData,
  formatMoney,
  noInput,
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
import { answers } from '../../http/answers.js';
import { audit } from '../../domain/operators/audit.js';
import { approveDeposit, listDeposits, rejectDeposit } from '../../domain/wallet/deposits.js';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../../domain/wallet/withdrawals.js';
import { approveRealName, listRealNames, rejectRealName } from '../../domain/wallet/realName.js';
import { findDiscrepancies } from '../../domain/wallet/invariants.js';
import { serveToOperator } from '../../http/files.js';

/**
 * The operators' review queues: deposits and withdrawals (finance), real-name requests (support).
 * Every decision and its audit row are one transaction: both happen or neither does.
 */
export default async function adminReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const finance = app.requireOperator('finance');
  const support = app.requireOperator('support');
  const actor = (request: FastifyRequest) => ({ operatorId: request.operator!.operatorId, ip: request.ip, at: app.clock.now() });

  app.post('/api/admin/depositList', {
    preValidation: finance,
    schema: { body: reviewListSchema, response: answers(depositQueueData) },
  }, async (request, reply) => {
    const { status } = request.body;
    return reply.ok(await listDeposits(app.db, status ?? 0));
  });

  app.post('/api/admin/depositApprove', {
    preValidation: finance,
    schema: { body: reviewIdSchema, response: answers(reviewDecisionData) },
  }, async (request, reply) => {
    const { id } = request.body;
    const a = actor(request);
    const deposit = await app.db.transaction(async (tx) => {
      const d = await approveDeposit(tx, { id, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'deposit.approve', targetType: 'deposit', targetId: d.id, detail: { user_id: d.userId, amount: formatMoney(d.amount) } });
      return d;
    });
    return reply.ok({ id: deposit.id, status: 1 }, 'msg.set_success');
  });

  app.post('/api/admin/depositReject', {
    preValidation: finance,
    schema: { body: rejectSchema, response: answers(reviewDecisionData) },
  }, async (request, reply) => {
    const { id, reason } = request.body;
    const a = actor(request);
    const deposit = await app.db.transaction(async (tx) => {
      const d = await rejectDeposit(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await audit(tx, { ...a, action: 'deposit.reject', targetType: 'deposit', targetId: d.id, detail: { user_id: d.userId, amount: formatMoney(d.amount), reason: reason ?? '' } });
      return d;
    });
    return reply.ok({ id: deposit.id, status: 2 }, 'msg.set_success');
  });

  app.post('/api/admin/withdrawList', {
    preValidation: finance,
    schema: { body: reviewListSchema, response: answers(withdrawalQueueData) },
  }, async (request, reply) => {
    const { status } = request.body;
    return reply.ok(await listWithdrawals(app.db, status ?? 0));
  });

  app.post('/api/admin/withdrawApprove', {
    preValidation: finance,
    schema: { body: reviewIdSchema, response: answers(reviewDecisionData) },
  }, async (request, reply) => {
    const { id } = request.body;
    const a = actor(request);
    const w = await app.db.transaction(async (tx) => {
      const row = await approveWithdrawal(tx, { id, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: row.id, detail: { user_id: row.userId, amount: formatMoney(row.amount) } });
      return row;
    });
    return reply.ok({ id: w.id, status: 1 }, 'msg.set_success');
  });

  app.post('/api/admin/withdrawReject', {
    preValidation: finance,
    schema: { body: rejectSchema, response: answers(reviewDecisionData) },
  }, async (request, reply) => {
    const { id, reason } = request.body;
    const a = actor(request);
    const w = await app.db.transaction(async (tx) => {
      const row = await rejectWithdrawal(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await audit(tx, { ...a, action: 'withdrawal.reject', targetType: 'withdrawal', targetId: row.id, detail: { user_id: row.userId, amount: formatMoney(row.amount), reason: reason ?? '' } });
      return row;
    });
    return reply.ok({ id: w.id, status: 2 }, 'msg.set_success');
  });

  app.post('/api/admin/realNameList', {
    preValidation: support,
    schema: { body: reviewListSchema, response: answers(realNameQueueData) },
  }, async (request, reply) => {
    const { status } = request.body;
    return reply.ok(await listRealNames(app.db, status ?? 1));
  });

  app.post('/api/admin/realNameApprove', {
    preValidation: support,
    schema: { body: reviewIdSchema, response: answers(reviewDecisionData) },
  }, async (request, reply) => {
    const { id } = request.body;
    const a = actor(request);
    const r = await app.db.transaction(async (tx) => {
      const row = await approveRealName(tx, { id, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'realname.approve', targetType: 'real_name_request', targetId: row.id, detail: { user_id: row.userId } });
      return row;
    });
    return reply.ok({ id: r.id, status: 2 }, 'msg.set_success');
  });

  app.post('/api/admin/realNameReject', {
    preValidation: support,
    schema: { body: rejectWithReasonSchema, response: answers(reviewDecisionData) },
  }, async (request, reply) => {
    const { id, reason } = request.body;
    const a = actor(request);
    const r = await app.db.transaction(async (tx) => {
      const row = await rejectRealName(tx, { id, operatorId: a.operatorId, now: a.at, reason });
      await audit(tx, { ...a, action: 'realname.reject', targetType: 'real_name_request', targetId: row.id, detail: { user_id: row.userId, reason } });
      return row;
    });
    return reply.ok({ id: r.id, status: 0 }, 'msg.set_success');
  });

  /** A private upload (deposit screenshot, ID-card picture), for the operator roles that review it; audited. */
  app.get('/api/admin/file/:name', {
    preValidation: app.requireOperator('finance', 'support'),
    schema: { params: uploadNameParams },
  }, (request, reply) => serveToOperator(app, request, reply, request.params.name));

  /** DESIGN §4's operator-visible reconciliation: every discrepancy between balances, ledger and requests. */
  app.post('/api/admin/reconcile', {
    preValidation: finance,
    schema: { body: noInput, response: answers(reconcileData) },
  }, async (_request, reply) => {
    const problems = await findDiscrepancies(app.db);
    return reply.ok({ ok: problems.length === 0, problems });
  });
}
