import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { profileSchema } from '@lucky28/shared';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { parseInput } from '../../http/input.js';
import { findUserById, userInfo } from '../../domain/accounts/users.js';

/** The caller's own profile: user/userInfo and user/profile. */
export default async function profileRoutes(app: FastifyInstance) {
  app.post('/api/user/userInfo', { preHandler: app.requireUser }, async (request, reply) => {
    const user = await findUserById(app.db, request.user!.userId);
    if (!user) throw new AppError('err.not_found');
    const info = await userInfo(app.db, user, app.clock.now(), app.config.timeZone);
    // The spec's clients read the user from `msg`; DESIGN §3 answers it in both places.
    return reply.send({ code: 1, msg: info, time: Math.floor(Date.now() / 1000), data: info });
  });

  /** Saves the ID-card number (only while none is stored), the nickname and the avatar. */
  app.post('/api/user/profile', { preHandler: app.requireUser }, async (request, reply) => {
    const input = parseInput(profileSchema, request);
    const userId = request.user!.userId;
    await app.db.transaction(async (tx) => {
      if (input.idcard !== undefined) {
        const updated = await tx
          .update(users)
          .set({ idcard: input.idcard })
          .where(and(eq(users.id, userId), isNull(users.idcard)))
          .returning({ id: users.id });
        if (updated.length === 0) throw new AppError('err.idcard_already_set', { field: 'idcard' });
      }
      const rest: Partial<typeof users.$inferInsert> = {};
      if (input.nickname !== undefined) rest.nickname = input.nickname;
      if (input.avatar !== undefined) rest.avatar = input.avatar;
      if (Object.keys(rest).length > 0) await tx.update(users).set(rest).where(eq(users.id, userId));
    });
    return reply.ok(null, 'msg.set_success');
  });
}
