import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, noData, noInput, registerSchema, userinfoData } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { users } from '../../db/schema.js';
import { dummySecretHash, hashSecret, verifySecret } from '../../domain/security/passwords.js';
import { passwordProblem } from '../../domain/security/passwordPolicy.js';
import { LOGIN_LOCKOUT, withLockout } from '../../domain/security/lockout.js';
import {
  GUEST_GROUP,
  MEMBER_GROUP,
  findUserById,
  findUserByName,
  guestName,
  loginInfo,
} from '../../domain/accounts/users.js';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Registration, login (member and guest) and logout. */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = app.rateLimits;

  app.post('/api/user/register', {
    config: { rateLimit: limits.register },
    schema: { body: registerSchema, response: answers(userinfoData) },
  }, async (request, reply) => {
    const input = request.body;
    const weak = passwordProblem(input.password, input.username);
    if (weak) throw new AppError(weak, { field: 'password' });
    const now = app.clock.now();
    const created = await app.db.transaction(async (tx) => {
      if (await findUserByName(tx, input.username)) throw new AppError('err.username_taken', { field: 'username' });
      let inviterId: number | null = null;
      if (input.inviter_id !== undefined) {
        const inviter = await findUserById(tx, input.inviter_id);
        if (!inviter || inviter.groupId !== MEMBER_GROUP) throw new AppError('err.inviter_not_found', { field: 'inviter_id' });
        inviterId = inviter.id;
      }
      const passwordHash = await hashSecret(input.password);
      const inserted = await tx
        .insert(users)
        .values({ username: input.username, passwordHash, groupId: MEMBER_GROUP, inviterId, createdAt: new Date(now) })
        .onConflictDoNothing()
        .returning();
      const user = inserted[0];
      // A concurrent registration of the same name lost the race on the unique index.
      if (!user) throw new AppError('err.username_taken', { field: 'username' });
      const token = await app.sessions.create(tx, user.id, { remember: false, now, ...client(request) });
      return loginInfo(user, token);
    });
    return reply.ok({ userinfo: created }, 'msg.register_success');
  });

  app.post('/api/user/login', {
    config: { rateLimit: limits.login },
    schema: { body: loginSchema, response: answers(userinfoData) },
  }, async (request, reply) => {
    const input = request.body;
    const now = app.clock.now();
    const lockKey = `login:${input.account.toLowerCase()}:${request.ip}`;
    // The attempt is counted before the slow check, so parallel guesses cannot exceed the limit.
    const user = await withLockout(app.db, lockKey, LOGIN_LOCKOUT, new Date(now), async () => {
      const found = await findUserByName(app.db, input.account);
      const valid = found
        ? await verifySecret(found.passwordHash, input.password)
        : (await verifySecret(await dummySecretHash(), input.password), false);
      if (!found || !valid || found.groupId !== MEMBER_GROUP) throw new AppError('err.login_failed');
      return found;
    });
    if (user.disabled) throw new AppError('err.account_disabled');
    const token = await app.sessions.create(app.db, user.id, { remember: input.remember, now, ...client(request) });
    return reply.ok({ userinfo: loginInfo(user, token) }, 'msg.login_success');
  });

  /** A visitor's account (group 2): may look around and bet nothing it does not have; must register to deposit or withdraw. */
  app.post('/api/user/guestLogin', {
    config: { rateLimit: limits.register },
    schema: { body: noInput, response: answers(userinfoData) },
  }, async (request, reply) => {
    const now = app.clock.now();
    const info = await app.db.transaction(async (tx) => {
      const passwordHash = await hashSecret(randomBytes(24).toString('base64url'));
      const inserted = await tx
        .insert(users)
        .values({ username: guestName(), passwordHash, groupId: GUEST_GROUP, createdAt: new Date(now) })
        .returning();
      const user = inserted[0]!;
      const token = await app.sessions.create(tx, user.id, { remember: false, now, ...client(request) });
      return loginInfo(user, token);
    });
    return reply.ok({ userinfo: info }, 'msg.login_success');
  });

  app.post('/api/user/logout', { preValidation: app.requireUser, schema: { body: noInput, response: answers(noData) } }, async (request, reply) => {
    await app.sessions.revoke(app.db, request.user!.sessionId, app.clock.now());
    return reply.ok(null, 'msg.logout_success');
  });
}
