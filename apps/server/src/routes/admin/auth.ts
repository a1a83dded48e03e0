import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditRowData,
  noData,
  noInput,
  operatorCreateSchema,
  operatorData,
  operatorLoginData,
  operatorLoginSchema,
  otpSchema,
  totpEnableSchema,
  totpSetupData,
} from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { dummySecretHash, hashSecret, verifySecret } from '../../domain/security/passwords.js';
import { LOGIN_LOCKOUT, claimAttempt, clearFailures } from '../../domain/security/lockout.js';
import {
  disableTotp,
  enableTotp,
  findOperatorById,
  findOperatorByName,
  insertOperator,
  listOperators,
  presentOperator,
  recordTotpStep,
} from '../../domain/operators/operators.js';
import { createOperatorSession, revokeOperatorSession, revokeOtherOperatorSessions } from '../../domain/operators/sessions.js';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from '../../domain/operators/totp.js';
import { audit, listAudit } from '../../domain/operators/audit.js';

/**
 * Operator accounts and sessions (DESIGN §7): login with lockout (per account + IP, back-off) and a
 * TOTP second factor once enrolled, logout, enrolment, and (admins only) creating operators.
 */
export default async function adminAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyOperator = app.requireOperator('finance', 'support');

  app.post('/api/admin/login', {
    config: { rateLimit: app.rateLimits.login },
    schema: { body: operatorLoginSchema, response: answers(operatorLoginData) },
  }, async (request, reply) => {
    const body = request.body;
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
      const recorded = step !== null && (await recordTotpStep(app.db, operator.id, step));
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

  app.post('/api/admin/logout', { preValidation: anyOperator, schema: { body: noInput, response: answers(noData) } }, async (request, reply) => {
    const op = request.operator!;
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      await revokeOperatorSession(tx, op.sessionId, now);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.logout', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.logout_success');
  });

  app.post('/api/admin/me', { preValidation: anyOperator, schema: { body: noInput, response: answers(operatorData) } }, async (request, reply) => {
    const operator = await findOperatorById(app.db, request.operator!.operatorId);
    return reply.ok(presentOperator(operator!));
  });

  /** A fresh secret to enrol in an authenticator app; nothing is stored until totpEnable proves it works. */
  app.post('/api/admin/totpSetup', { preValidation: anyOperator, schema: { body: noInput, response: answers(totpSetupData) } }, async (request, reply) => {
    const op = request.operator!;
    if (op.totpEnabled) throw new AppError('err.totp_already_enabled');
    const secret = newTotpSecret();
    return reply.ok({ secret, otpauth_url: otpauthUri(secret, op.username) });
  });

  /** Enables TOTP with the secret from totpSetup and a current code; every other session of the operator ends. */
  app.post('/api/admin/totpEnable', {
    preValidation: anyOperator,
    schema: { body: totpEnableSchema, response: answers(noData) },
  }, async (request, reply) => {
    const body = request.body;
    const op = request.operator!;
    const now = app.clock.now();
    if (base32Decode(body.secret)?.length !== 20) throw new AppError('err.bad_request', { field: 'secret' });
    const secret = body.secret.replace(/[\s=-]/g, '').toUpperCase();
    const step = matchTotp(secret, body.otp, now, null);
    if (step === null) throw new AppError('err.otp_wrong', { field: 'otp' });
    await app.db.transaction(async (tx) => {
      if (!(await enableTotp(tx, op.operatorId, secret, step))) throw new AppError('err.totp_already_enabled');
      await revokeOtherOperatorSessions(tx, op.operatorId, op.sessionId, now);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.totp_enable', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.set_success');
  });

  /** Turns TOTP off; needs a current code. */
  app.post('/api/admin/totpDisable', {
    preValidation: anyOperator,
    config: { rateLimit: app.rateLimits.secret },
    schema: { body: otpSchema, response: answers(noData) },
  }, async (request, reply) => {
    const body = request.body;
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
      await disableTotp(tx, op.operatorId);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.totp_disable', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.set_success');
  });

  app.post('/api/admin/operatorList', {
    preValidation: app.requireOperator(),
    schema: { body: noInput, response: answers(z.array(operatorData)) },
  }, async (_request, reply) => {
    return reply.ok((await listOperators(app.db)).map(presentOperator));
  });

  app.post('/api/admin/operatorCreate', {
    preValidation: app.requireOperator(),
    schema: { body: operatorCreateSchema, response: answers(operatorData) },
  }, async (request, reply) => {
    const body = request.body;
    const op = request.operator!;
    const now = app.clock.now();
    const passwordHash = await hashSecret(body.password);
    const created = await app.db.transaction(async (tx) => {
      if (await findOperatorByName(tx, body.username)) throw new AppError('err.username_taken', { field: 'username' });
      const row = await insertOperator(tx, { username: body.username, passwordHash, role: body.role, now });
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
  app.post('/api/admin/auditList', {
    preValidation: app.requireOperator(),
    schema: { body: noInput, response: answers(z.array(auditRowData)) },
  }, async (_request, reply) => {
    return reply.ok(await listAudit(app.db));
  });
}
