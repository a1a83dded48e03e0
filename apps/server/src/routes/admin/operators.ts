import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, type AuditAction } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { optionalDateRange } from '../../http/optionalDateRange.js';
import { hashSecret } from '../../domain/security/passwords.js';
import { passwordProblem } from '../../domain/security/passwordPolicy.js';
import {
  findOperatorById,
  findOperatorByName,
  insertOperator,
  listOperators,
  type OperatorRow,
  presentOperator,
  resetOperatorTotp,
  setOperatorDisabled,
} from '../../domain/operators/operators.js';
import { revokeAllOperatorSessions } from '../../domain/operators/sessions.js';
import { audited } from './audited.js';
import { listAudit } from '../../domain/operators/auditList.js';
import type { Tx } from '../../db/client.js';

/** Operators and the audit trail (admins only): create with a role, disable / enable, reset TOTP, read the trail. */
export default async function adminOperatorRoutes(app: FastifyInstance) {
  /**
   * One change to another operator (never oneself), in one transaction with its audit entry: `change`
   * gets the operator as it was and answers the updated row, the audit action and its detail.
   */
  async function changeAnotherOperator(
    request: FastifyRequest,
    id: number,
    change: (tx: Tx, before: OperatorRow, now: number) => Promise<{ after: OperatorRow; action: AuditAction; detail: Record<string, unknown> }>,
  ): Promise<OperatorRow> {
    if (id === request.operator!.operatorId) throw new AppError('err.operator_self');
    return audited(app, request, async (tx, record, a) => {
      const before = await findOperatorById(tx, id);
      if (!before) throw new AppError('err.not_found', { field: 'id' });
      const { after, action, detail } = await change(tx, before, a.at);
      await record({ action, targetType: 'operator', targetId: id, detail });
      return after;
    });
  }

  serve(app, api.admin.operatorList, {}, async (_request, reply) => {
    return reply.ok((await listOperators(app.db)).map(presentOperator));
  });

  /** A new operator; the password follows the players' policy (not common, not the username). */
  serve(app, api.admin.operatorCreate, {}, async (request, reply) => {
    const { username, password, role } = request.body;
    const problem = passwordProblem(password, username);
    if (problem) throw new AppError(problem, { field: 'password' });
    const passwordHash = await hashSecret(password);
    const created = await audited(app, request, async (tx, record, a) => {
      if (await findOperatorByName(tx, username)) throw new AppError('err.username_taken', { field: 'username' });
      const row = await insertOperator(tx, { username, passwordHash, role, now: a.at });
      if (!row) throw new AppError('err.username_taken', { field: 'username' });
      await record({ action: 'operator.create', targetType: 'operator', targetId: row.id, detail: { after: { username: row.username, role: row.role } } });
      return row;
    });
    return reply.ok(presentOperator(created), 'msg.set_success');
  });

  /** Disables (every session ends at once) or re-enables another operator. */
  serve(app, api.admin.operatorDisable, {}, async (request, reply) => {
    const { id, disabled } = request.body;
    const row = await changeAnotherOperator(request, id, async (tx, before, now) => {
      const after = (await setOperatorDisabled(tx, id, disabled))!;
      if (disabled) await revokeAllOperatorSessions(tx, id, now);
      return {
        after,
        action: disabled ? 'operator.disable' : 'operator.enable',
        detail: { before: { disabled: before.disabled }, after: { disabled } },
      };
    });
    return reply.ok(presentOperator(row), 'msg.set_success');
  });

  /** Clears another operator's TOTP (a lost phone): their sessions end and their next sign-in enrols again. */
  serve(app, api.admin.operatorResetTotp, {}, async (request, reply) => {
    const { id } = request.body;
    const row = await changeAnotherOperator(request, id, async (tx, before, now) => {
      const after = (await resetOperatorTotp(tx, id))!;
      await revokeAllOperatorSessions(tx, id, now);
      return {
        after,
        action: 'operator.totp_reset',
        detail: { before: { totp_enabled: before.totpSecret !== null }, after: { totp_enabled: false } },
      };
    });
    return reply.ok(presentOperator(row), 'msg.set_success');
  });

  /** The append-only audit trail, newest first, with filters (who, action, target, period) and pages. */
  serve(app, api.admin.auditList, {}, async (request, reply) => {
    const f = request.body;
    const { from, to } = optionalDateRange(f, app.config.timeZone);
    return reply.ok(
      await listAudit(await app.replicaReads.forReport(), {
        operator: f.operator,
        action: f.action,
        targetType: f.target_type,
        targetId: f.target_id,
        from,
        to,
        page: f.page,
        limit: f.limit,
      }),
    );
  });
}
