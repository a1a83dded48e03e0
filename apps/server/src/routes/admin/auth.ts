import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { dummySecretHash, verifySecret } from '../../domain/security/passwords.js';
import { LOGIN_LOCKOUT, withLockout } from '../../domain/security/lockout.js';
import {
  disableTotp,
  enableTotp,
  findOperatorById,
  findOperatorByName,
  presentOperator,
  recordTotpStep,
  sealTotpSecret,
  totpSecretOf,
} from '../../domain/operators/operators.js';
import { createOperatorSession, revokeAllOperatorSessions, revokeOperatorSession, revokeOtherOperatorSessions } from '../../domain/operators/sessions.js';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from '../../domain/operators/totp.js';
import { audit } from '../../domain/operators/audit.js';
import { audited } from './audited.js';
import { totpRequiredFor } from '../../domain/operators/roles.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * Operator accounts and sessions (docs/design.md#security): login with lockout (per account + IP, back-off) and a
 * TOTP second factor — mandatory for every role (TOTP_REQUIRED_ROLES), whose first sign-in can only
 * enrol —, every failed login audited, logout and sign-out everywhere, enrolment with the password.
 */
export default async function adminAuthRoutes(app: FastifyInstance) {
  const loginFailed = async (request: FastifyRequest, username: string, operatorId: number | null, reason: string) =>
    audit(app.db, {
      operatorId,
      action: 'operator.login_failed',
      targetType: 'operator',
      targetId: operatorId ?? undefined,
      detail: { username: username.slice(0, 64), reason },
      ip: request.ip,
      at: app.clock.now(),
    });

  serve(app, api.admin.login, { config: { rateLimit: app.rateLimits.login } }, async (request, reply) => {
    const body = request.body;
    const now = app.clock.now();
    const lockKey = `operator-login:${body.username.toLowerCase()}:${request.ip}`;
    // Why a refused sign-in is audited; null: not audited (a missing code is the console's next step).
    const failure: { reason: string | null; operatorId: number | null } = { reason: 'locked', operatorId: null };
    let operator;
    try {
      // The password and the code are one attempt: both must pass before the count is cleared.
      operator = await withLockout(app.db, lockKey, LOGIN_LOCKOUT, new Date(now), async () => {
        failure.reason = 'password';
        const found = await findOperatorByName(app.db, body.username);
        failure.operatorId = found?.id ?? null;
        const valid = found ? await verifySecret(found.passwordHash, body.password) : (await verifySecret(await dummySecretHash(), body.password), false);
        if (!found || !valid) throw new AppError('err.login_failed');
        if (found.disabled) {
          failure.reason = 'disabled';
          throw new AppError('err.account_disabled');
        }
        const secret = totpSecretOf(app.operatorKey, found);
        if (secret) {
          failure.reason = null;
          if (!body.otp) throw new AppError('err.otp_required', { field: 'otp' });
          failure.reason = 'otp';
          const step = matchTotp(secret, body.otp, now, found.totpLastStep);
          // Recording the step is conditional, so two logins racing with the same code cannot both pass.
          const recorded = step !== null && (await recordTotpStep(app.db, found.id, step));
          if (!recorded) throw new AppError('err.otp_wrong', { field: 'otp' });
        }
        return found;
      });
    } catch (err) {
      if (failure.reason && err instanceof AppError) await loginFailed(request, body.username, failure.operatorId, failure.reason);
      throw err;
    }
    const token = await inTransaction(app.db, async (tx) => {
      const t = await createOperatorSession(tx, operator.id, { now, ip: request.ip });
      await audit(tx, { operatorId: operator.id, action: 'operator.login', targetType: 'operator', targetId: operator.id, ip: request.ip, at: now });
      return t;
    });
    return reply.ok({ token, operator: { ...presentOperator(operator), time_zone: app.config.timeZone } }, 'msg.login_success');
  });

  serve(app, api.admin.logout, {}, async (request, reply) => {
    const op = request.operator!;
    await audited(app, request, async (tx, record, { at }) => {
      await revokeOperatorSession(tx, op.sessionId, at);
      await record({ action: 'operator.logout', targetType: 'operator', targetId: op.operatorId });
    });
    return reply.ok(null, 'msg.logout_success');
  });

  /** Sign out everywhere: every session of the caller ends, this one included. */
  serve(app, api.admin.logoutAll, {}, async (request, reply) => {
    const op = request.operator!;
    const ended = await audited(app, request, async (tx, record, { at }) => {
      const n = await revokeAllOperatorSessions(tx, op.operatorId, at);
      await record({ action: 'operator.logout_all', targetType: 'operator', targetId: op.operatorId, detail: { sessions: n } });
      return n;
    });
    return reply.ok({ sessions: ended }, 'msg.logout_success');
  });

  serve(app, api.admin.me, {}, async (request, reply) => {
    const operator = await findOperatorById(app.db, request.operator!.operatorId);
    return reply.ok({ ...presentOperator(operator!), time_zone: app.config.timeZone });
  });

  /**
   * An operator's current TOTP code (and first `alsoCheck`, e.g. the password) under the operator's
   * lockout, as for signing in; answers the code's time step.
   */
  const checkOtp = (operatorId: number, now: number, secret: string, otp: string, lastStep: number | null, alsoCheck = async () => {}) =>
    withLockout(app.db, `operator-otp:${operatorId}`, LOGIN_LOCKOUT, new Date(now), async () => {
      await alsoCheck();
      const step = matchTotp(secret, otp, now, lastStep);
      if (step === null) throw new AppError('err.otp_wrong', { field: 'otp' });
      return step;
    });

  /** A fresh secret to enrol in an authenticator app; nothing is stored until totpEnable proves it works. */
  serve(app, api.admin.totpSetup, {}, async (request, reply) => {
    const op = request.operator!;
    if (op.totpEnabled) throw new AppError('err.totp_already_enabled');
    const secret = newTotpSecret();
    return reply.ok({ secret, otpauth_url: otpauthUri(secret, op.username) });
  });

  /**
   * Enables TOTP with the secret from totpSetup, a current code and the operator's password (a stolen
   * session alone cannot bind an attacker's authenticator). Every other session of the operator ends.
   */
  serve(app, api.admin.totpEnable, { config: { rateLimit: app.rateLimits.secret } }, async (request, reply) => {
    const body = request.body;
    const op = request.operator!;
    const now = app.clock.now();
    const secret = body.secret.replace(/[\s=-]/g, '').toUpperCase();
    if (base32Decode(secret)?.length !== 20) throw new AppError('err.bad_request', { field: 'secret' });
    const step = await checkOtp(op.operatorId, now, secret, body.otp, null, async () => {
      const operator = await findOperatorById(app.db, op.operatorId);
      if (!operator || !(await verifySecret(operator.passwordHash, body.password))) {
        throw new AppError('err.old_password_wrong', { field: 'password' });
      }
    });
    await inTransaction(app.db, async (tx) => {
      if (!(await enableTotp(tx, op.operatorId, sealTotpSecret(app.operatorKey, op.operatorId, secret), step))) {
        throw new AppError('err.totp_already_enabled');
      }
      await revokeOtherOperatorSessions(tx, op.operatorId, op.sessionId, now);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.totp_enable', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.set_success');
  });

  /** Turns TOTP off with a current code; refused for the roles that must keep it. */
  serve(app, api.admin.totpDisable, { config: { rateLimit: app.rateLimits.secret } }, async (request, reply) => {
    const body = request.body;
    const op = request.operator!;
    const now = app.clock.now();
    if (totpRequiredFor(op.role)) throw new AppError('err.totp_mandatory');
    const operator = await findOperatorById(app.db, op.operatorId);
    const secret = operator ? totpSecretOf(app.operatorKey, operator) : null;
    if (!operator || !secret) throw new AppError('err.totp_not_enabled');
    await checkOtp(op.operatorId, now, secret, body.otp, operator.totpLastStep);
    await inTransaction(app.db, async (tx) => {
      await disableTotp(tx, op.operatorId);
      await audit(tx, { operatorId: op.operatorId, action: 'operator.totp_disable', targetType: 'operator', targetId: op.operatorId, ip: request.ip, at: now });
    });
    return reply.ok(null, 'msg.set_success');
  });
}
