import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { newPassSchema, setSafetySchema } from '@lucky28/shared';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { parseInput } from '../../http/input.js';
import { findUserById, loginInfo } from '../../domain/accounts/users.js';
import { hashSecret, verifySecret } from '../../domain/security/passwords.js';
import { LOGIN_LOCKOUT, withLockout } from '../../domain/security/lockout.js';
import { verifySecurityCode } from '../../domain/accounts/securityCode.js';

/** Login password and security code (the 6-digit code that authorises withdrawals). */
export default async function securityRoutes(app: FastifyInstance) {
  const limits = app.rateLimits;

  /** Changes the password; every other session is revoked and this one gets a fresh token. */
  app.post('/api/user/newPass', { preHandler: app.requireUser, config: { rateLimit: limits.secret } }, async (request, reply) => {
    const input = parseInput(newPassSchema, request);
    const { userId } = request.user!;
    const now = app.clock.now();
    const lockKey = `password:${userId}`;
    const user = await withLockout(app.db, lockKey, LOGIN_LOCKOUT, new Date(now), async () => {
      const found = await findUserById(app.db, userId);
      if (!found) throw new AppError('err.not_found');
      if (!(await verifySecret(found.passwordHash, input.after_pass))) throw new AppError('err.old_password_wrong', { field: 'after_pass' });
      return found;
    });
    const passwordHash = await hashSecret(input.new_pass);
    const token = await app.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await app.sessions.revokeAll(tx, userId, now);
      return app.sessions.create(tx, userId, { remember: false, now, ip: request.ip, userAgent: request.headers['user-agent'] });
    });
    return reply.ok({ userinfo: loginInfo(user, token) }, 'msg.set_success');
  });

  app.post('/api/user/safetyInfo', { preHandler: app.requireUser }, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    return reply.ok({ isTrue: Boolean(user?.securityCodeHash) });
  });

  /** Sets the security code; once one is set, changing it needs the current one (after_code). */
  app.post('/api/user/setSafety', { preHandler: app.requireUser, config: { rateLimit: limits.secret } }, async (request, reply) => {
    const input = parseInput(setSafetySchema, request);
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
    const securityCodeHash = await hashSecret(input.new_code);
    await app.db.update(users).set({ securityCodeHash }).where(eq(users.id, userId));
    return reply.ok(null, 'msg.set_success');
  });
}
