import { chatListData, chatListSchema, chatMessageData, chatPostSchema } from '../schemas/chat.js';
import { chatReportSchema } from '../schemas/chatModeration.js';
import { noData } from '../schemas/envelope.js';
import { memberAccess, publicAccess } from '../access.js';
import { defineCall } from './define.js';

/** The chat of every room (docs/chat.md): posting, and reading from a cursor. Server: apps/server/src/routes/chat/. */
export const chat = {
  post: defineCall({
    method: 'POST',
    path: '/api/chat/post',
    access: memberAccess,
    summary:
      "Posts a text message (1–200 characters, one line) to a room's chat; pushed to the room's live streams on every node. Members only: a guest is refused with `err.guest_forbidden`.",
    input: chatPostSchema,
    answer: chatMessageData,
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/chat/list',
    access: publicAccess,
    summary:
      "A room's chat, oldest first: the last 100 messages, or those before `before` (scroll-back) or after `after` (the polling fallback and a stream's resumption); the caller's own marked `mine`.",
    input: chatListSchema,
    answer: chatListData,
  }),
  report: defineCall({
    method: 'POST',
    path: '/api/chat/report',
    access: memberAccess,
    summary: "Reports a message to the operators' queue (docs/chat.md#moderation): once per player per message, never one's own.",
    input: chatReportSchema,
    answer: noData,
  }),
};
