import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/input.js';
import { shimingSchema } from '../../domain/wallet/schemas.js';
import { realNameInfo, submitRealName } from '../../domain/wallet/realName.js';

/** Real-name verification: user/shiming (submit for review) and user/shimingInfo (status and reason). */
export default async function realNameRoutes(app: FastifyInstance) {
  app.post('/api/user/shiming', { preHandler: app.requireMember }, async (request, reply) => {
    const body = parseInput(shimingSchema, request);
    const userId = request.user!.userId;
    const now = app.clock.now();
    await app.db.transaction((tx) =>
      submitRealName(tx, { userId, truename: body.truename, idcard: body.idcard, front: body.idcard_zheng, back: body.idcard_fan, now }),
    );
    return reply.ok({ shiming: 1 }, 'msg.realname_submitted');
  });

  app.post('/api/user/shimingInfo', { preHandler: app.requireUser }, async (request, reply) => {
    return reply.ok(await realNameInfo(app.db, request.user!.userId));
  });
}
