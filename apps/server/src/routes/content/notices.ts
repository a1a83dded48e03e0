import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import { countInvitees } from '../../domain/accounts/users.js';
import { listNotices, unreadCounts } from '../../domain/content/notices.js';

/**
 * /notice (docs/product.md#account-screens): station messages to the caller and platform announcements, the unread count
 * shown on the personal centre; /shareFriend: how many players registered through the caller's link.
 */
export default async function noticeRoutes(app: FastifyInstance) {
  serve(app, api.content.noticeList, {}, async (request, reply) => {
    const { type, page = 1, limit = 20 } = request.body;
    return reply.ok(await listNotices(app.db, { userId: request.user!.userId, type, page, limit, lang: request.lang, now: app.clock.now() }));
  });

  serve(app, api.content.noticeUnread, {}, async (request, reply) => reply.ok(await unreadCounts(app.db, request.user!.userId)));

  serve(app, api.content.inviteInfo, {}, async (request, reply) => {
    const userId = request.user!.userId;
    return reply.ok({ inviter_id: userId, invited: await countInvitees(app.db, userId) });
  });
}
