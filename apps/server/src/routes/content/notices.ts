import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inviteInfoData, noInput, noticeListData, noticeListSchema, noticeUnreadData } from '@lucky28/shared';
import { answers } from '../../http/answers.js';
import { countInvitees } from '../../domain/accounts/users.js';
import { listNotices, unreadCounts } from '../../domain/content/notices.js';

/**
 * /notice (spec §2.9): station messages to the caller and platform announcements, the unread count
 * shown on the personal centre; /shareFriend: how many players registered through the caller's link.
 */
export default async function noticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/user/noticeList', {
    preValidation: app.requireUser,
    schema: { body: noticeListSchema, response: answers(noticeListData) },
  }, async (request, reply) => {
    const { type, page = 1, limit = 20 } = request.body;
    return reply.ok(await listNotices(app.db, { userId: request.user!.userId, type, page, limit, lang: request.lang, now: app.clock.now() }));
  });

  app.post('/api/user/noticeUnread', {
    preValidation: app.requireUser,
    schema: { body: noInput, response: answers(noticeUnreadData) },
  }, async (request, reply) => reply.ok(await unreadCounts(app.db, request.user!.userId)));

  app.post('/api/user/inviteInfo', {
    preValidation: app.requireMember,
    schema: { body: noInput, response: answers(inviteInfoData) },
  }, async (request, reply) => {
    const userId = request.user!.userId;
    return reply.ok({ inviter_id: userId, invited: await countInvitees(app.db, userId) });
  });
}
