import type { FastifyInstance } from 'fastify';
import { api } from '@lucky28/shared';
import { chatLineOf, listMessages, type ChatLine } from '../../domain/chat/messages.js';
import { allRoomChatSettings, defaultRoomSettings, filterRules, roomChatSettings, type RoomChatSettings } from '../../domain/chat/moderation.js';
import { roomStateEvent, shownMute } from '../../domain/chat/roomState.js';
import {
  activeMutes,
  clearRoom,
  liftMutes,
  messagesWithAuthors,
  mutePlayer,
  openReportsByRoom,
  removeMessage,
  reportQueue,
  resolveReport,
  saveFilter,
  updateRoomSettings,
} from '../../domain/chat/operatorActions.js';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { audited } from './audited.js';

const seconds = (v: Date | string | number) => Math.floor(new Date(v).getTime() / 1000);

/**
 * Chat moderation (docs/chat.md#moderation): the live view of a room, removing messages, mutes, a room's
 * settings, clearing and pinning, the word and link lists, the reports queue. Each change and its audit
 * row commit together; a removed message is pushed to the room's viewers on every node (live/chat.ts), and
 * a room's changed settings reach every node's chat.list cache the same way.
 */
export default async function adminChatRoutes(app: FastifyInstance) {
  /** Any room the operator names, on or off. */
  function roomOf(planId: number): number {
    const room = app.game.snapshot.rooms.get(planId);
    if (!room) throw new AppError('err.room_not_found', { field: 'plan_id' });
    return room.id;
  }

  /** A removed (or otherwise changed) message to the room's viewers, after the commit. */
  function push(line: ChatLine) {
    app.chatRelay.posted(line);
  }

  /** A room's changed state to its viewers on every node, after the commit (docs/chat.md#live-room-state). */
  function pushRoom(settings: RoomChatSettings) {
    app.chatRelay.roomChanged(roomStateEvent(settings));
  }

  serve(app, api.admin.chatRooms, {}, async (_request, reply) => {
    const [settings, reports] = await Promise.all([allRoomChatSettings(app.db), openReportsByRoom(app.db)]);
    const list = [...app.game.snapshot.rooms.values()]
      .sort((a, b) => a.gameId - b.gameId || a.sort - b.sort || a.id - b.id)
      .map((room) => {
        const s = settings.get(room.id) ?? defaultRoomSettings(room.id);
        return {
          plan_id: room.id,
          game_id: room.gameId,
          title: room.title,
          enabled: s.enabled,
          muted: s.muted,
          slow_mode_seconds: s.slowModeSeconds,
          gate_settled_bet: s.gateSettledBet,
          gate_account_hours: s.gateAccountHours,
          pinned: s.pinnedText,
          open_reports: reports.get(room.id) ?? 0,
        };
      });
    return reply.ok({ list });
  });

  serve(app, api.admin.chatMessages, {}, async (request, reply) => {
    const roomId = roomOf(request.body.plan_id);
    const { after, limit } = request.body;
    const [{ lines, hasMore }, settings] = await Promise.all([
      listMessages(app.db, { roomId, after: after || undefined, limit, everything: true }),
      roomChatSettings(app.db, roomId),
    ]);
    const authors = await messagesWithAuthors(
      app.db,
      lines.map((l) => l.id),
    );
    const list = lines.map((l) => ({
      id: l.id,
      plan_id: l.roomId,
      kind: l.kind,
      user_id: l.userId,
      username: authors.get(l.id)?.username ?? null,
      nickname: l.nickname,
      text: l.text,
      shadow: l.shadow,
      removed: l.removed,
      createtime: seconds(l.createdAt),
    }));
    return reply.ok({ plan_id: roomId, list, has_more: hasMore, cleared_through: settings.clearedThrough });
  });

  serve(app, api.admin.chatRemove, {}, async (request, reply) => {
    const row = await audited(app, request, async (tx, record, actor) => {
      const removed = await removeMessage(tx, { messageId: request.body.message_id, operatorId: actor.operatorId, now: actor.at });
      await record({
        action: 'chat.remove',
        targetType: 'chat_message',
        targetId: removed.id,
        detail: { room_id: removed.roomId, user_id: removed.userId, text: removed.text },
      });
      return removed;
    });
    push(chatLineOf(row));
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatMute, {}, async (request, reply) => {
    const { user_id, minutes, reason, shadow } = request.body;
    const mute = await audited(app, request, async (tx, record, actor) => {
      const row = await mutePlayer(tx, { userId: user_id, minutes, reason, shadow, operatorId: actor.operatorId, now: actor.at });
      await record({ action: 'chat.mute', targetType: 'user', targetId: user_id, detail: { minutes, reason, shadow, until: row.until.toISOString() } });
      return row;
    });
    // The player's notice follows at once (a shadow mute is never told: null).
    app.chatRelay.muteChanged(user_id, shownMute({ until: mute.until.getTime(), reason: mute.reason, shadow: mute.shadow }));
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatUnmute, {}, async (request, reply) => {
    const userId = request.body.user_id;
    await audited(app, request, async (tx, record, actor) => {
      const lifted = await liftMutes(tx, userId, actor.operatorId, actor.at);
      if (lifted === 0) throw new AppError('err.not_found', { field: 'user_id' });
      await record({ action: 'chat.unmute', targetType: 'user', targetId: userId });
    });
    app.chatRelay.muteChanged(userId, null);
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatMutes, {}, async (_request, reply) => {
    const rows = await activeMutes(app.db, app.clock.now());
    const list = rows.map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      username: r.username,
      until: seconds(r.until),
      reason: r.reason,
      shadow: r.shadow,
      by: r.by,
      createtime: seconds(r.created_at),
    }));
    return reply.ok({ list });
  });

  serve(app, api.admin.chatRoomUpdate, {}, async (request, reply) => {
    const { plan_id, enabled, muted, slow_mode_seconds, gate_settled_bet, gate_account_hours } = request.body;
    const roomId = roomOf(plan_id);
    const after = await audited(app, request, async (tx, record, actor) => {
      const change = { enabled, muted, slowModeSeconds: slow_mode_seconds, gateSettledBet: gate_settled_bet, gateAccountHours: gate_account_hours };
      const { before, after } = await updateRoomSettings(tx, roomId, change, actor.at);
      const was = {
        enabled: before.enabled,
        muted: before.muted,
        slowModeSeconds: before.slowModeSeconds,
        gateSettledBet: before.gateSettledBet,
        gateAccountHours: before.gateAccountHours,
      };
      await record({ action: 'chat.room_update', targetType: 'room', targetId: roomId, detail: { before: was, after: change } });
      return after;
    });
    pushRoom(after);
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatClear, {}, async (request, reply) => {
    const roomId = roomOf(request.body.plan_id);
    const after = await audited(app, request, async (tx, record, actor) => {
      const through = await clearRoom(tx, roomId, actor.at);
      await record({ action: 'chat.clear', targetType: 'room', targetId: roomId, detail: { cleared_through: through } });
      return roomChatSettings(tx, roomId);
    });
    pushRoom(after);
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatPin, {}, async (request, reply) => {
    const roomId = roomOf(request.body.plan_id);
    const text = request.body.text;
    const after = await audited(app, request, async (tx, record, actor) => {
      const { after } = await updateRoomSettings(tx, roomId, { pinnedText: text, pinnedAt: new Date(actor.at) }, actor.at);
      await record({ action: 'chat.pin', targetType: 'room', targetId: roomId, detail: { text } });
      return after;
    });
    pushRoom(after);
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatUnpin, {}, async (request, reply) => {
    const roomId = roomOf(request.body.plan_id);
    const after = await audited(app, request, async (tx, record, actor) => {
      const { before, after } = await updateRoomSettings(tx, roomId, { pinnedText: null, pinnedAt: null }, actor.at);
      await record({ action: 'chat.unpin', targetType: 'room', targetId: roomId, detail: { text: before.pinnedText } });
      return after;
    });
    pushRoom(after);
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatFilter, {}, async (_request, reply) => {
    const rules = await filterRules(app.db);
    return reply.ok({ words: [...rules.words], links_allowed: rules.linksAllowed, allowed_domains: [...rules.allowedDomains] });
  });

  serve(app, api.admin.chatFilterUpdate, {}, async (request, reply) => {
    const { words, links_allowed, allowed_domains } = request.body;
    await audited(app, request, async (tx, record, actor) => {
      const before = await filterRules(tx);
      const saved = await saveFilter(tx, { words, linksAllowed: links_allowed, allowedDomains: allowed_domains }, actor.at);
      await record({ action: 'chat.filter_update', targetType: 'settings', targetId: 'chat_filter', detail: { before, after: saved } });
    });
    return reply.ok(null, 'msg.set_success');
  });

  serve(app, api.admin.chatReports, {}, async (request, reply) => {
    const rows = await reportQueue(app.db, request.body.status ?? 'open');
    const messages = await messagesWithAuthors(
      app.db,
      rows.map((r) => Number(r.message_id)),
    );
    const list = rows.flatMap((r) => {
      const m = messages.get(Number(r.message_id));
      if (!m) return [];
      const message = {
        id: m.id,
        plan_id: m.roomId,
        kind: m.kind as ChatLine['kind'],
        user_id: m.userId,
        username: m.username,
        nickname: m.nickname,
        text: m.text,
        shadow: m.shadow,
        removed: m.removedAt !== null,
        createtime: seconds(m.createdAt),
      };
      const resolution = r.resolution === 'removed' || r.resolution === 'dismissed' ? r.resolution : null;
      return [
        {
          id: Number(r.id),
          message,
          reporter: r.reporter,
          reports: Number(r.reports),
          createtime: seconds(r.created_at),
          resolution,
          resolved_by: r.resolved_by,
        },
      ];
    });
    return reply.ok({ list });
  });

  serve(app, api.admin.chatReportResolve, {}, async (request, reply) => {
    const { report_id, action } = request.body;
    const result = await audited(app, request, async (tx, record, actor) => {
      const done = await resolveReport(tx, { reportId: report_id, action, operatorId: actor.operatorId, now: actor.at });
      await record({ action: 'chat.report_resolve', targetType: 'chat_report', targetId: report_id, detail: { action, message_id: done.report.messageId } });
      return done;
    });
    if (result.removed) push(chatLineOf(result.removed));
    return reply.ok(null, 'msg.set_success');
  });
}
