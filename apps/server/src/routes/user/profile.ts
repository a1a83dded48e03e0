import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noData, noInput, profileSchema, userInfoData } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { findUserById, updateProfile, userInfo } from '../../domain/accounts/users.js';
import { inTransaction } from '../../db/transaction.js';

/** The caller's own profile: user/userInfo and user/profile. */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/user/userInfo', {
    preValidation: app.requireUser,
    schema: { body: noInput, response: answers(userInfoData, { msg: userInfoData }) },
  }, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    if (!user) throw new AppError('err.not_found');
    const info = await userInfo(app.db, user, app.clock.now(), app.config.timeZone);
    // The spec's clients read the user from `msg`; DESIGN §3 answers it in both places.
    return reply.send({ code: 1, msg: info, time: Math.floor(Date.now() / 1000), data: info });
  });

  /** Saves the ID-card number (only while none is stored), the nickname and the avatar. */
  app.post('/api/user/profile', {
    preValidation: app.requireUser,
    schema: { body: profileSchema, response: answers(noData) },
  }, async (request, reply) => {
    await inTransaction(app.db, (tx) => updateProfile(tx, request.user!.userId, request.body));
    return reply.ok(null, 'msg.set_success');
  });
}
