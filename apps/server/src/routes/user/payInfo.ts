import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payAccountData, payTypeSchema, setPayInfoSchema } from '@lucky28/shared';
import { answers } from '../../http/answers.js';
import { payAccountOf, presentPayAccount, savePayAccount } from '../../domain/accounts/payAccounts.js';

/** Bank card (type 0) and virtual wallet (type 1) binding. */
export default async function payInfoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/user/payInfo', {
    preValidation: app.requireUser,
    schema: { body: payTypeSchema, response: answers(payAccountData.nullable()) },
  }, async (request, reply) => {
    const account = await payAccountOf(app.db, request.user!.userId, request.body.type);
    return reply.ok(account ? presentPayAccount(account) : null);
  });

  /** Binds (or replaces) the caller's bank card or wallet. */
  app.post('/api/user/setPayInfo', {
    preValidation: app.requireUser,
    schema: { body: setPayInfoSchema, response: answers(payAccountData) },
  }, async (request, reply) => {
    const saved = await savePayAccount(app.db, request.user!.userId, request.body);
    return reply.ok(presentPayAccount(saved), 'msg.set_success');
  });
}
