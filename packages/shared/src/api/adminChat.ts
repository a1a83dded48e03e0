import {
  adminChatMessagesData,
  adminChatMessagesSchema,
  chatFilterData,
  chatFilterUpdateSchema,
  chatMuteListData,
  chatMuteSchema,
  chatPinSchema,
  chatRemoveSchema,
  chatReportListData,
  chatReportListSchema,
  chatReportResolveSchema,
  chatRoomListData,
  chatRoomSchema,
  chatRoomUpdateSchema,
  chatUnmuteSchema,
} from '../schemas/chatModeration.js';
import { noData } from '../schemas/envelope.js';
import { noInput } from '../schemas/fields.js';
import { operatorAccess } from '../access.js';
import { defineCall } from './define.js';

/** Who keeps the chats: moderators and support (admin always); none of these calls shows money, ID images or payout accounts. */
const chatModeration = operatorAccess('moderator', 'support');

/**
 * The chat moderation calls of the console (docs/chat.md#moderation), part of the admin group; each change
 * is audited in its own transaction (`chat.*`). Server: apps/server/src/routes/admin/chat.ts.
 */
export const adminChat = {
  chatRooms: defineCall({
    method: 'POST',
    path: '/api/admin/chatRooms',
    access: chatModeration,
    summary: 'Every room with its chat settings (on/off, muted, slow mode, the new-account gate, the pinned announcement) and its open reports.',
    input: noInput,
    answer: chatRoomListData,
  }),
  chatMessages: defineCall({
    method: 'POST',
    path: '/api/admin/chatMessages',
    access: chatModeration,
    summary:
      "A room's chat as operators see it (the live view, polled with `after`): removed and shadowed messages with their text, each author's id and name.",
    input: adminChatMessagesSchema,
    answer: adminChatMessagesData,
  }),
  chatRemove: defineCall({
    method: 'POST',
    path: '/api/admin/chatRemove',
    access: chatModeration,
    summary: 'Removes a message: every viewer sees "removed by the operator" instead (pushed to the room\'s streams); its open reports are resolved. Audited.',
    input: chatRemoveSchema,
    answer: noData,
  }),
  chatMute: defineCall({
    method: 'POST',
    path: '/api/admin/chatMute',
    access: chatModeration,
    summary:
      'Mutes a player in every room for `minutes`, with a reason (the player sees until when and why); `shadow`: their posts are shown to them only. Audited.',
    input: chatMuteSchema,
    answer: noData,
  }),
  chatUnmute: defineCall({
    method: 'POST',
    path: '/api/admin/chatUnmute',
    access: chatModeration,
    summary: "Lifts a player's mute now. Audited.",
    input: chatUnmuteSchema,
    answer: noData,
  }),
  chatMutes: defineCall({
    method: 'POST',
    path: '/api/admin/chatMutes',
    access: chatModeration,
    summary: 'The mutes in force, soonest end first, with their reasons and who gave them.',
    input: noInput,
    answer: chatMuteListData,
  }),
  chatRoomUpdate: defineCall({
    method: 'POST',
    path: '/api/admin/chatRoomUpdate',
    access: chatModeration,
    summary:
      "Saves a room's chat settings: on/off, muted (only system posts), slow mode seconds, the new-account gate (a first settled bet, an account age in hours). Audited.",
    input: chatRoomUpdateSchema,
    answer: noData,
  }),
  chatClear: defineCall({
    method: 'POST',
    path: '/api/admin/chatClear',
    access: chatModeration,
    summary: "Clears a room's chat: the messages posted so far are no longer shown to players. Audited.",
    input: chatRoomSchema,
    answer: noData,
  }),
  chatPin: defineCall({
    method: 'POST',
    path: '/api/admin/chatPin',
    access: chatModeration,
    summary: "Pins an announcement at the top of a room's chat (replacing the one pinned). Audited.",
    input: chatPinSchema,
    answer: noData,
  }),
  chatUnpin: defineCall({
    method: 'POST',
    path: '/api/admin/chatUnpin',
    access: chatModeration,
    summary: "Removes a room's pinned announcement. Audited.",
    input: chatRoomSchema,
    answer: noData,
  }),
  chatFilter: defineCall({
    method: 'POST',
    path: '/api/admin/chatFilter',
    access: chatModeration,
    summary: 'The word list and the link rules (links refused unless allowed, then only to the allowed domains).',
    input: noInput,
    answer: chatFilterData,
  }),
  chatFilterUpdate: defineCall({
    method: 'POST',
    path: '/api/admin/chatFilterUpdate',
    access: chatModeration,
    summary: 'Saves the word list (one per line, matched through look-alikes) and the link rules. Audited.',
    input: chatFilterUpdateSchema,
    answer: noData,
  }),
  chatReports: defineCall({
    method: 'POST',
    path: '/api/admin/chatReports',
    access: chatModeration,
    summary: "The players' reports, one row per reported message (open by default, oldest first; `resolved`: the last 100 resolved).",
    input: chatReportListSchema,
    answer: chatReportListData,
  }),
  chatReportResolve: defineCall({
    method: 'POST',
    path: '/api/admin/chatReportResolve',
    access: chatModeration,
    summary: 'Resolves a report and every other open report of its message: `remove` removes the message, `dismiss` keeps it. Audited.',
    input: chatReportResolveSchema,
    answer: noData,
  }),
};
