import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { findUserById, loginInfo, setPasswordHash, setSecurityCodeHash } from '../../domain/accounts/users.js';
import { hashSecret } from '../../domain/security/passwords.js';
import { passwordProblem } from '../../domain/security/passwordPolicy.js';
import { confirmPassword } from '../../domain/accounts/confirmPassword.js';
import { verifySecurityCode } from '../../domain/accounts/securityCode.js';
import { inTransaction } from '../../db/transaction.js';

/** Login password and security code (the 6-digit code that authorises withdrawals). */
export default async function securityRoutes(app: FastifyInstance) {
  const limits = app.rateLimits;

  /** Changes the password; every other session is revoked and this one gets a fresh token. */
  serve(app, api.user.newPass, { config: { rateLimit: limits.secret } }, async (request, reply) => {
    const input = request.body;
    const { userId } = request.user!;
    const now = app.clock.now();
    const weak = passwordProblem(input.new_pass, request.user!.username);
    if (weak) throw new AppError(weak, { field: 'new_pass' });
    const user = await confirmPassword(app.db, userId, input.after_pass, now, { key: 'err.old_password_wrong', field: 'after_pass' });
    const passwordHash = await hashSecret(input.new_pass);
    const token = await inTransaction(app.db, async (tx) => {
      await setPasswordHash(tx, userId, passwordHash);
      await app.sessions.revokeAll(tx, userId, now);
      return app.sessions.create(tx, userId, { remember: false, now, ip: request.ip, userAgent: request.headers['user-agent'] });
    });
    return reply.ok({ userinfo: loginInfo(user, token) }, 'msg.set_success');
  });

  serve(app, api.user.safetyInfo, {}, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    return reply.ok({ isTrue: Boolean(user?.securityCodeHash) });
  });

  /** Sets the security code; once one is set, changing it needs the current one (after_code). */
  serve(app, api.user.setSafety, { config: { rateLimit: limits.secret } }, async (request, reply) => {
    const input = request.body;
    const userId = request.user!.userId;
    const now = app.clock.now();
    const user = await findUserById(app.db, userId);
    if (!user) throw new AppError('err.not_found');
    if (user.securityCodeHash) {
      await verifySecurityCode(app.db, user, input.after_code, now, {
        missing: 'err.old_code_required',
        wrong: 'err.old_code_wrong',
        field: 'after_code',
      });
    }
    await setSecurityCodeHash(app.db, userId, await hashSecret(input.new_code));
    return reply.ok(null, 'msg.set_success');
  });
}
