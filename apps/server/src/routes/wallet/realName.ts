import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { realNameInfo, submitRealName } from '../../domain/wallet/realName.js';
import { inTransaction } from '../../db/transaction.js';

/** Real-name verification: user/shiming (submit for review) and user/shimingInfo (status and reason). */
export default async function realNameRoutes(app: FastifyInstance) {
  serve(app, api.wallet.shiming, {}, async (request, reply) => {
    const body = request.body;
    const userId = request.user!.userId;
    const now = app.clock.now();
    await inTransaction(app.db, (tx) =>
      submitRealName(tx, { userId, truename: body.truename, idcard: body.idcard, front: body.idcard_zheng, back: body.idcard_fan, now }),
    );
    return reply.ok({ shiming: 1 }, 'msg.realname_submitted');
  });

  serve(app, api.wallet.shimingInfo, {}, async (request, reply) => {
    return reply.ok(await realNameInfo(app.db, request.user!.userId));
  });
}
