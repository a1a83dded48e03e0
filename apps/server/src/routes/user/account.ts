import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { passwordProblem } from '../../domain/security/passwordPolicy.js';
import { LOGIN_LOCKOUT, withLockout } from '../../domain/security/lockout.js';
import { GUEST_GROUP, MEMBER_GROUP, loginInfo } from '../../domain/accounts/users.js';
import { findSignInAccount, importedAccount, renameTold, replaceLegacyPassword } from '../../domain/accounts/signIn.js';
import { createGuest, createMember } from '../../domain/accounts/registration.js';
import { upgradeGuest } from '../../domain/accounts/guests.js';
import { tokenOf } from '../../plugins/auth.js';
import { exclusionOf, refuseIfExcluded } from '../../domain/protection/exclusion.js';
import { inTransaction } from '../../db/transaction.js';
import { markNewMember, recordMarks } from '../../domain/referral/marks.js';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Registration, login (member and guest), a guest's upgrade to member and logout. */
export default async function accountRoutes(app: FastifyInstance) {
  const limits = app.rateLimits;

  serve(app, api.user.register, { config: { rateLimit: limits.register } }, async (request, reply) => {
    const input = request.body;
    const weak = passwordProblem(input.password, input.username);
    if (weak) throw new AppError(weak, { field: 'password' });
    const now = app.clock.now();
    const created = await inTransaction(app.db, async (tx) => {
      const user = await createMember(tx, { username: input.username, password: input.password, inviterId: input.inviter_id, now });
      await markNewMember(tx, app.operatorKey, user, { ip: request.ip, deviceId: input.device_id }, now);
      const token = await app.sessions.create(tx, user.id, { remember: false, now, ...client(request) });
      return loginInfo(user, token);
    });
    return reply.ok({ userinfo: created }, 'msg.register_success');
  });

  serve(app, api.user.login, { config: { rateLimit: limits.login } }, async (request, reply) => {
    const input = request.body;
    const now = app.clock.now();
    const lockKey = `login:${input.account.toLowerCase()}:${request.ip}`;
    // The attempt is counted before the slow check, so parallel guesses cannot exceed the limit.
    const user = await withLockout(app.db, lockKey, LOGIN_LOCKOUT, new Date(now), async () => {
      const found = await findSignInAccount(app.db, input.account, input.password);
      if (!found || found.groupId !== MEMBER_GROUP) throw new AppError('err.login_failed');
      return found;
    });
    // A player brought from the previous site signs in only once the operator has opened the move.
    const imported = await importedAccount(app.db, user.id);
    if (imported && !imported.open) throw new AppError('err.account_moving');
    if (user.disabled) throw new AppError('err.account_disabled');
    // During a time-out or self-exclusion, signing in only tells when it ends.
    refuseIfExcluded(exclusionOf(user, now), app.config.timeZone);
    const token = await inTransaction(app.db, async (tx) => {
      await replaceLegacyPassword(tx, user, input.password);
      if (imported?.renamedFrom) await renameTold(tx, user.id, now);
      await recordMarks(tx, app.operatorKey, user.id, { ip: request.ip, deviceId: input.device_id }, now);
      return app.sessions.create(tx, user.id, { remember: input.remember, now, ...client(request) });
    });
    const renamed = imported?.renamedFrom ? { renamed_from: imported.renamedFrom } : {};
    return reply.ok({ userinfo: { ...loginInfo(user, token), ...renamed } }, 'msg.login_success');
  });

  /** A visitor's account (group 2): watches everything live; bets, deposits and withdraws nothing until it upgrades (docs/design.md#guests). */
  serve(app, api.user.guestLogin, { config: { rateLimit: limits.register } }, async (request, reply) => {
    const now = app.clock.now();
    const info = await inTransaction(app.db, async (tx) => {
      const user = await createGuest(tx, now);
      const token = await app.sessions.create(tx, user.id, { remember: false, now, ...client(request) });
      return loginInfo(user, token);
    });
    return reply.ok({ userinfo: info }, 'msg.login_success');
  });

  /** A guest becomes a member in place: same id, this session stays (its token too); the app keeps its language and the invite it came with. */
  serve(app, api.user.guestUpgrade, { config: { rateLimit: limits.register } }, async (request, reply) => {
    const input = request.body;
    const caller = request.user!;
    if (caller.groupId !== GUEST_GROUP) throw new AppError('err.already_member');
    const weak = passwordProblem(input.password, input.username);
    if (weak) throw new AppError(weak, { field: 'password' });
    const now = app.clock.now();
    // The share link's inviter, kept by the app through the guest session: the same rules and marks as at registration.
    const user = await upgradeGuest(app.db, caller.userId, { username: input.username, password: input.password, inviterId: input.inviter_id }, (tx, member) =>
      markNewMember(tx, app.operatorKey, member, { ip: request.ip, deviceId: input.device_id }, now),
    );
    // This node's remembered sessions still say guest (another node's re-check a guest's, plugins/auth.ts).
    app.sessions.forgetUser(user.id);
    return reply.ok({ userinfo: loginInfo(user, tokenOf(request)!) }, 'msg.register_success');
  });

  serve(app, api.user.logout, {}, async (request, reply) => {
    await app.sessions.revoke(app.db, request.user!.sessionId, app.clock.now());
    return reply.ok(null, 'msg.logout_success');
  });
}
