import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noInput, realNameInfoData, shimingData, shimingSchema } from '@lucky28/shared';
import { answers } from '../../http/answers.js';
import { realNameInfo, submitRealName } from '../../domain/wallet/realName.js';
import { inTransaction } from '../../db/transaction.js';

/** Real-name verification: user/shiming (submit for review) and user/shimingInfo (status and reason). */
export default async function realNameRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/user/shiming', {
    preValidation: app.requireMember,
    schema: { body: shimingSchema, response: answers(shimingData) },
  }, async (request, reply) => {
    const body = request.body;
    const userId = request.user!.userId;
    const now = app.clock.now();
    await inTransaction(app.db, (tx) =>
      submitRealName(tx, { userId, truename: body.truename, idcard: body.idcard, front: body.idcard_zheng, back: body.idcard_fan, now }),
    );
    return reply.ok({ shiming: 1 }, 'msg.realname_submitted');
  });

  app.post('/api/user/shimingInfo', {
    preValidation: app.requireUser,
    schema: { body: noInput, response: answers(realNameInfoData) },
  }, async (request, reply) => {
    return reply.ok(await realNameInfo(app.db, request.user!.userId));
  });
}
