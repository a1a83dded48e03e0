import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { findUserById, updateProfile, userInfo } from '../../domain/accounts/users.js';
import { inTransaction } from '../../db/transaction.js';

/** The caller's own profile: user/userInfo and user/profile. */
export default async function profileRoutes(app: FastifyInstance) {
  serve(app, api.user.userInfo, {}, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    if (!user) throw new AppError('err.not_found');
    const info = await userInfo(app.db, user, app.clock.now(), app.config.timeZone);
    // The spec's clients read the user from `msg`; we answer it in both places (docs/design.md#the-api-contract).
    return reply.send({ code: 1, msg: info, time: Math.floor(Date.now() / 1000), data: info });
  });

  /** Saves the ID-card number (only while none is stored), the nickname and the avatar. */
  serve(app, api.user.profile, {}, async (request, reply) => {
    await inTransaction(app.db, (tx) => updateProfile(tx, request.user!.userId, request.body));
    return reply.ok(null, 'msg.set_success');
  });
}
