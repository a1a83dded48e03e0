import { z } from 'zod';
import { moneyText, unixTime } from './envelope.js';
import { idField, optionalId, optionalInt, requiredText } from './fields.js';

/**
 * The room chat (docs/chat.md): a message is at most CHAT_TEXT_MAX characters counted as code points
 * (an emoji is one, whatever its length in UTF-16), on one line, trimmed, without control characters.
 */
export const CHAT_TEXT_MAX = 200;
/** The most messages one `chat.list` answers: the last ones on entry, a page of older or newer ones after. */
export const CHAT_PAGE_MAX = 100;
/** What a message is: a player's text, a committed bet, or a post of the system (never a robot). */
export const CHAT_KINDS = ['player', 'bet', 'system'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** The length of a chat text as the limit counts it: code points. */
export const chatTextLength = (text: string): number => [...text].length;

/**
 * chat.post. The text field takes up to twice CHAT_TEXT_MAX UTF-16 units (every code point may be a
 * surrogate pair), then the code points are counted.
 */
export const chatPostSchema = z.object({
  plan_id: idField('err.room_not_found'),
  text: requiredText('err.chat_text_required', { max: CHAT_TEXT_MAX * 2, invalid: 'err.chat_text_invalid' }).refine(
    (v) => chatTextLength(v) <= CHAT_TEXT_MAX,
    'err.chat_text_too_long',
  ),
});

/**
 * chat.list: the room's last messages (no cursor), the ones before `before` (scrolling back) or the
 * ones after `after` (the polling fallback, and where a stream resumes) — one cursor at most.
 */
export const chatListSchema = z
  .object({
    plan_id: idField('err.room_not_found'),
    before: optionalId('err.chat_cursor_invalid'),
    after: optionalId('err.chat_cursor_invalid'),
    limit: optionalInt({ min: 1, max: CHAT_PAGE_MAX, invalid: 'err.chat_limit_invalid' }),
  })
  .superRefine((v, ctx) => {
    if (v.before && v.after) ctx.addIssue({ code: 'custom', message: 'err.chat_cursor_both', path: ['after'] });
  });

// --- answers ---

/**
 * A post of the system (docs/chat.md#the-rounds-posts): a key of the message catalogue and its
 * parameters, which the client shows in the viewer's language (`text` keeps the English).
 */
export const chatSystemPostData = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

/**
 * What a `bet` message carries, made from the committed orders (never from typed text): the round and
 * each order with its class and stake; `quantity` is the slip's total.
 */
export const chatBetData = z.object({
  game_id: z.number().int(),
  issue: z.string(),
  quantity: moneyText,
  orders: z.array(z.object({ order_no: z.string(), play_type: z.number().int(), quantity: moneyText })),
});

/** One message as every viewer sees it: the nickname masked, `mine` for the caller's own. Text, never HTML. */
export const chatMessageData = z.object({
  /** Increasing: the cursor of chat.list. */
  id: z.number().int(),
  plan_id: z.number().int(),
  kind: z.enum(CHAT_KINDS),
  /** Masked as the feed masks it; null for a post of the system. */
  nickname: z.string().nullable(),
  text: z.string(),
  mine: z.boolean(),
  /** A post of the system's key and parameters; null unless `kind` is 'system'. */
  system: chatSystemPostData.nullable(),
  /** Removed by an operator: shown as "removed by the operator"; its text is empty. */
  removed: z.boolean(),
  createtime: unixTime,
  /** The bet of a `bet` message (its `text` is a summary for clients that do not read this); null for any other kind. */
  bet: chatBetData.nullable(),
});

/** The state of a room's chat that its viewers see (chat.list's `room`). */
export const chatRoomStateData = z.object({
  /** Off: the input shows the chat-banned notice. */
  enabled: z.boolean(),
  /** Muted: only posts of the system appear (the input shows the chat-banned notice). */
  muted: z.boolean(),
  slow_mode_seconds: z.number().int(),
  /** The new-account gate: posting needs a first settled bet (0/false: no gate). */
  gate_settled_bet: z.boolean(),
  /** The new-account gate: posting needs an account at least this many hours old (0: no gate). */
  gate_account_hours: z.number().int(),
  /** The pinned announcement, shown at the top of the room; null when none. */
  pinned: z.object({ text: z.string(), createtime: unixTime }).nullable(),
  /** The clear mark: messages up to this id are no longer shown (0: never cleared). */
  cleared_through: z.number().int(),
  /** Raised by every operator change (0: never changed): a viewer keeps the state with the highest it has heard. */
  version: z.number().int(),
});

/**
 * The stream's `chat_room` event (docs/chat.md#live-room-state): a room's state, pushed to its viewers
 * on every node whenever an operator changes it.
 */
export const chatRoomEventData = chatRoomStateData.extend({ plan_id: z.number().int() });

/** The caller's own mute (chat.list's `my_mute`): until when, and why; null when not muted (or shadow-muted). */
export const chatMyMuteData = z.object({ until: unixTime, reason: z.string() }).nullable();

/** chat.list: oldest first (newest at the bottom); `has_more`: more lie beyond this page in the direction asked. */
export const chatListData = z.object({
  plan_id: z.number().int(),
  list: z.array(chatMessageData),
  has_more: z.boolean(),
  room: chatRoomStateData,
  my_mute: chatMyMuteData,
});
