import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_RE, optionalText, requiredText } from '@lucky28/shared';
import { operators } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { parseInput } from '../../http/input.js';
import { dummySecretHash, hashSecret, verifySecret } from '../../domain/security/passwords.js';
import { LOGIN_LOCKOUT, claimAttempt, clearFailures } from '../../domain/security/lockout.js';
import { findOperatorById, findOperatorByName, presentOperator } from '../../domain/operators/operators.js';
import { createOperatorSession, revokeOperatorSession, revokeOtherOperatorSessions } from '../../domain/operators/sessions.js';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from '../../domain/operators/totp.js';
import { audit } from '../../domain/operators/audit.js';
import { OPERATOR_ROLES } from '../../domain/operators/roles.js';

const loginSchema = z.object({
  username: requiredText('err.username_required'),
  password: requiredText('err.password_required'),
  otp: optionalText(),
});
const otpSchema = z.object({ otp: requiredText('err.otp_required') });
const enableSchema = z.object({
  secret: requiredText('err.bad_request').refine((v) => base32Decode(v)?.length === 20, 'err.bad_request'),
  otp: requiredText('err.otp_required'),
});
const createSchema = z.object({
  username: requiredText('err.username_required').pipe(z.string().regex(USERNAME_RE, 'err.username_invalid')),
  password: requiredText('err.password_required').pipe(
    z.string().min(PASSWORD_MIN, 'err.password_invalid').max(PASSWORD_MAX, 'err.password_invalid'),
  ),
  role: requiredText('err.role_invalid').pipe(z.enum(OPERATOR_ROLES, { error: 'err.role_invalid' })),
});

/**
 * Operator accounts and sessions (DESIGN §7): login with lockout (per account + IP, back-off) and a
 * TOTP second factor once enrolled, logout, enrolment, and (admins only) creating operators.
 */
export default async function adminAuthRoutes(app: FastifyInstance) {
  const anyOperator = app.requireOperator('finance', 'support');

  app.post('/api/admin/login', { config: { rateLimit: app.rateLimits.login } }, async (request, reply) => {
    const body = parseInput(loginSchema, request);
    const now = app.clock.now();
    const lockKey = `operator-login:${body.username.toLowerCase()}:${request.ip}`;
    await claimAttempt(app.db, lockKey, LOGIN_LOCKOUT, new Date(now));
    const operator = await findOperatorByName(app.db, body.username);
    const valid = operator
      ? await verifySecret(operator.passwordHash, body.password)
      : (await verifySecret(await dummySecretHash(), body.password), false);
    if (!operator || !valid) throw new AppError('err.login_failed');
    if (operator.disabled) throw new AppError('err.account_disabled');
    if (operator.totpSecret) {
      if (!body.otp) throw new AppError('err.otp_required', { field: 'otp' });
      const step = matchTotp(operator.totpSecret, body.otp, now, operator.totpLastStep);
      // Recording the step is conditional, so two logins racing with the same code cannot both pass.
      const recorded =
        step !== null &&
        (
          await app.db
            .update(operators)
            .set({ totpLastStep: step })
            .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
            .returning({ id: operators.id })
        ).length === 1;
      if (!recorded) throw new AppError('err.otp_wrong', { field: 'otp' });
    }
    await clearFailures(app.db, lockKey);
    const token = await app.db.transaction(async (tx) => {
      const t = await createOperatorSession(tx, operator.id, { now, ip: request.ip });
      await audit(tx, { operatorId: operator.id, action: 'operator.login', targetType: 'operator', targetId: operator.id, ip: request.ip, at: now });
      return t;
    });
    return reply.ok({ token, operator: presentOperator(operator) }, 'msg.login_success');
  });

  app.post('/api/admin/logout', { preHandler: anyOperator }, async (request, reply) => {
    const op = request.operator!;
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      await revokeOperatorSession(tx, op.sessionId, now);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.logout', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.logout_success');
  });

  app.post('/api/admin/me', { preHandler: anyOperator }, async (request, reply) => {
    const operator = await findOperatorById(app.db, request.operator!.operatorId);
    return reply.ok(presentOperator(operator!));
  });

  /** A fresh secret to enrol in an authenticator app; nothing is stored until totpEnable proves it works. */
  app.post('/api/admin/totpSetup', { preHandler: anyOperator }, async (request, reply) => {
    const op = request.operator!;
    if (op.totpEnabled) throw new AppError('err.totp_already_enabled');
    const secret = newTotpSecret();
    return reply.ok({ secret, otpauth_url: otpauthUri(secret, op.username) });
  });

  /** Enables TOTP with the secret from totpSetup and a current code; every other session of the operator ends. */
  app.post('/api/admin/totpEnable', { preHandler: anyOperator }, async (request, reply) => {
    const body = parseInput(enableSchema, request);
    const op = request.operator!;
    const now = app.clock.now();
    const secret = body.secret.replace(/[\s=-]/g, '').toUpperCase();
    const step = matchTotp(secret, body.otp, now, null);
    if (step === null) throw new AppError('err.otp_wrong', { field: 'otp' });
    await app.db.transaction(async (tx) => {
      const updated = await tx
        .update(operators)
        .set({ totpSecret: secret, totpLastStep: step })
        .where(and(eq(operators.id, op.operatorId), isNull(operators.totpSecret)))
        .returning({ id: operators.id });
      if (updated.length === 0) throw new AppError('err.totp_already_enabled');
      await revokeOtherOperatorSessions(tx, op.operatorId, op.sessionId, now);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.totp_enable', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.set_success');
  });

  /** Turns TOTP off; needs a current code. */
  app.post('/api/admin/totpDisable', { preHandler: anyOperator, config: { rateLimit: app.rateLimits.secret } }, async (request, reply) => {
    const body = parseInput(otpSchema, request);
    const op = request.operator!;
    const now = app.clock.now();
    const operator = await findOperatorById(app.db, op.operatorId);
    if (!operator?.totpSecret) throw new AppError('err.totp_not_enabled');
    const lockKey = `operator-otp:${op.operatorId}`;
    await claimAttempt(app.db, lockKey, LOGIN_LOCKOUT, new Date(now));
    const step = matchTotp(operator.totpSecret, body.otp, now, operator.totpLastStep);
    if (step === null) throw new AppError('err.otp_wrong', { field: 'otp' });
    await clearFailures(app.db, lockKey);
    await app.db.transaction(async (tx) => {
      await tx.update(operators).set({ totpSecret: null, totpLastStep: null }).where(eq(operators.id, op.operatorId));
      await audit(tx, { operatorId: op.operatorId, action: 'operator.totp_disable', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.set_success');
  });

  app.post('/api/admin/operatorList', { preHandler: app.requireOperator() }, async (_request, reply) => {
    const rows = await app.db.select().from(operators).orderBy(operators.id);
    return reply.ok(rows.map(presentOperator));
  });

  app.post('/api/admin/operatorCreate', { preHandler: app.requireOperator() }, async (request, reply) => {
    const body = parseInput(createSchema, request);
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
        detail: { username: row.username, role: row.role },
        ip: request.ip,
        at: now,
      });
      return row;
    });
    return reply.ok(presentOperator(created), 'msg.set_success');
  });

  /** The audit trail, newest first (admins only). */
  app.post('/api/admin/auditList', { preHandler: app.requireOperator() }, async (_request, reply) => {
    const rows = await app.db.execute(sql`
      select a.id, a.operator_id, o.username, a.action, a.target_type, a.target_id, a.detail, a.ip, a.created_at
      from audit_log a left join operators o on o.id = a.operator_id order by a.id desc limit 500`);
    const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
      ...r,
      id: Number(r.id),
      created_at: Math.floor(new Date(r.created_at as string).getTime() / 1000),
    }));
    return reply.ok(list);
  });
}
