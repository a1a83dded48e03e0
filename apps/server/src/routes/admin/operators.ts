import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditListSchema, operatorCreateSchema, operatorDisableSchema, operatorIdSchema } from '@lucky28/shared';
import { operators } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { parseInput } from '../../http/input.js';
import { optionalDateRange } from '../../http/optionalDateRange.js';
import { hashSecret } from '../../domain/security/passwords.js';
import { findOperatorById, findOperatorByName, presentOperator } from '../../domain/operators/operators.js';
import { revokeAllOperatorSessions } from '../../domain/operators/sessions.js';
import { audit } from '../../domain/operators/audit.js';
import { listAudit } from '../../domain/operators/auditList.js';

/** Operators and the audit trail (admins only): create with a role, disable / enable, reset TOTP, read the trail. */
export default async function adminOperatorRoutes(app: FastifyInstance) {
  const admin = app.requireOperator();

  app.post('/api/admin/operatorList', { preHandler: admin }, async (_request, reply) => {
    const rows = await app.db.select().from(operators).orderBy(operators.id);
    return reply.ok(rows.map(presentOperator));
  });

  app.post('/api/admin/operatorCreate', { preHandler: admin }, async (request, reply) => {
    const body = parseInput(operatorCreateSchema, request);
    const op = request.operator!;
    const now = app.clock.now();
    const passwordHash = await hashSecret(body.password);
    const created = await app.db.transaction(async (tx) => {
      if (await findOperatorByName(tx, body.username)) throw new AppError('err.username_taken', { field: 'username' });
      const inserted = await tx
        .insert(operators)
        .values({ username: body.username, passwordHash, role: body.role, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning();
      const row = inserted[0];
      if (!row) throw new AppError('err.username_taken', { field: 'username' });
      await audit(tx, {
        operatorId: op.operatorId,
        action: 'operator.create',
        targetType: 'operator',
        targetId: row.id,
        detail: { after: { username: row.username, role: row.role } },
        ip: request.ip,
        at: now,
      });
      return row;
    });
    return reply.ok(presentOperator(created), 'msg.set_success');
  });

  /** Disables (every session ends at once) or re-enables another operator. */
  app.post('/api/admin/operatorDisable', { preHandler: admin }, async (request, reply) => {
    const { id, disabled } = parseInput(operatorDisableSchema, request);
    const op = request.operator!;
    if (id === op.operatorId) throw new AppError('err.operator_self');
    const now = app.clock.now();
    const row = await app.db.transaction(async (tx) => {
      const before = await findOperatorById(tx, id);
      if (!before) throw new AppError('err.not_found');
      const [after] = await tx.update(operators).set({ disabled }).where(eq(operators.id, id)).returning();
      if (disabled) await revokeAllOperatorSessions(tx, id, now);
      await audit(tx, {
        operatorId: op.operatorId,
        action: disabled ? 'operator.disable' : 'operator.enable',
        targetType: 'operator',
        targetId: id,
        detail: { before: { disabled: before.disabled }, after: { disabled } },
        ip: request.ip,
        at: now,
      });
      return after!;
    });
    return reply.ok(presentOperator(row), 'msg.set_success');
  });

  /** Clears another operator's TOTP (a lost phone): their sessions end and their next sign-in enrols again. */
  app.post('/api/admin/operatorResetTotp', { preHandler: admin }, async (request, reply) => {
    const { id } = parseInput(operatorIdSchema, request);
    const op = request.operator!;
    if (id === op.operatorId) throw new AppError('err.operator_self');
    const now = app.clock.now();
    const row = await app.db.transaction(async (tx) => {
      const before = await findOperatorById(tx, id);
      if (!before) throw new AppError('err.not_found');
      const [after] = await tx.update(operators).set({ totpSecret: null, totpLastStep: null }).where(eq(operators.id, id)).returning();
      await revokeAllOperatorSessions(tx, id, now);
      await audit(tx, {
        operatorId: op.operatorId,
        action: 'operator.totp_reset',
        targetType: 'operator',
        targetId: id,
        detail: { before: { totp_enabled: before.totpSecret !== null }, after: { totp_enabled: false } },
        ip: request.ip,
        at: now,
      });
      return after!;
    });
    return reply.ok(presentOperator(row), 'msg.set_success');
  });

  /** The append-only audit trail, newest first, with filters (who, action, target, period) and pages. */
  app.post('/api/admin/auditList', { preHandler: admin }, async (request, reply) => {
    const f = parseInput(auditListSchema, request);
    const { from, to } = optionalDateRange(f, app.config.timeZone);
    return reply.ok(
      await listAudit(app.db, {
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
