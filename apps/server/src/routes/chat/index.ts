import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { SHOWN_CACHE_MS } from '../../domain/accounts/sessions.js';
import { postMessage, presentChatMessage } from '../../domain/chat/messages.js';
import { roomChatSettings } from '../../domain/chat/moderation.js';
import { reportMessage } from '../../domain/chat/operatorActions.js';
import { shownMute, shownRoomState } from '../../domain/chat/roomState.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';

/**
 * The chat of every room (docs/chat.md): members post, anyone reads. A posted message is pushed to
 * the room's live streams on every node (live/chat.ts); chat.list reads the timeline from a cursor.
 */
export default async function chatRoutes(app: FastifyInstance) {
  /** The room, as the heart refuses it: unknown, or switched off (with its game). */
  function roomOf(planId: number): number {
    const room = app.game.snapshot.rooms.get(planId);
    if (!room) throw new AppError('err.room_not_found', { field: 'plan_id' });
    if (!room.enabled || app.game.snapshot.games.get(room.gameId)?.enabled === false) throw new AppError('err.product_discontinued', { field: 'plan_id' });
    return room.id;
  }

  serve(app, api.chat.post, {}, async (request, reply) => {
    const roomId = roomOf(request.body.plan_id);
    const userId = request.user!.userId;
    const line = await postMessage(app.db, { roomId, userId, text: request.body.text, now: app.clock.now(), timeZone: app.config.timeZone });
    app.chatRelay.posted(line);
    return reply.ok(presentChatMessage(line, userId));
  });

  serve(app, api.chat.list, {}, async (request, reply) => {
    const { plan_id, before, after, limit } = request.body;
    const roomId = roomOf(plan_id);
    const user = await app.optionalUser(request, { cachedFor: SHOWN_CACHE_MS });
    const viewer = user?.userId ?? null;
    // The room's settings, its newest messages and the viewer's mute from the node's cache (live/chatListCache.ts): a poll reads no database.
    const settings = await app.chatList.roomSettings(roomId);
    const [{ lines, hasMore }, mute] = await Promise.all([
      app.chatList.list({
        roomId,
        before: before || undefined,
        after: after || undefined,
        limit,
        viewerId: viewer,
        clearedThrough: settings.clearedThrough,
      }),
      viewer === null ? null : app.chatList.mute(viewer, app.clock.now()),
    ]);
    // The same state the stream's `chat_room` and `chat_mute` events push (domain/chat/roomState.ts).
    const room = shownRoomState(settings);
    return reply.ok({ plan_id: roomId, list: lines.map((l) => presentChatMessage(l, viewer)), has_more: hasMore, room, my_mute: shownMute(mute) });
  });

  serve(app, api.chat.report, {}, async (request, reply) => {
    const userId = request.user!.userId;
    await inTransaction(app.db, (tx) =>
      reportMessage(tx, {
        messageId: request.body.message_id,
        userId,
        now: app.clock.now(),
        visibleFrom: async (roomId) => (await roomChatSettings(tx, roomId)).clearedThrough,
      }),
    );
    return reply.ok(null, 'msg.chat_reported');
  });
}
