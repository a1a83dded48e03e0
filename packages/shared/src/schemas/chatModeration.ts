import { z } from 'zod';
import { unixTime } from './envelope.js';
import { enumText, idField, intField, optionalId, optionalInt, optionalText, requiredFlag, requiredText } from './fields.js';
import { CHAT_KINDS, CHAT_PAGE_MAX } from './chat.js';

/**
 * Chat moderation (docs/chat.md#moderation): a player's report, and the operators' calls — a room's
 * live view, removing a message, muting a player, a room's settings, the pinned announcement, the word
 * and link lists, the reports queue.
 */

/** The longest mute an operator may give, in minutes (30 days). */
export const CHAT_MUTE_MAX_MINUTES = 43_200;
/** The longest slow mode, in seconds (an hour). */
export const CHAT_SLOW_MODE_MAX = 3_600;
/** The longest account-age gate, in hours (a year). */
export const CHAT_GATE_HOURS_MAX = 8_760;
export const CHAT_PIN_MAX = 200;
export const CHAT_REASON_MAX = 100;
/** The word list and the allowed domains, one per line. */
export const CHAT_WORDS_TEXT_MAX = 4_000;
export const CHAT_DOMAINS_TEXT_MAX = 2_000;
const DOMAIN_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** The lines of a list typed one item per line: trimmed, blank lines dropped. */
export const linesOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

const planId = idField('err.room_not_found');
const messageId = idField('err.chat_message_not_found');

/** chat.report: a player reports a message (once per message). */
export const chatReportSchema = z.object({ message_id: messageId });

/** admin.chatMessages: a room's chat as operators see it — shadowed and removed messages with their text and author. */
export const adminChatMessagesSchema = z.object({
  plan_id: planId,
  after: optionalId('err.chat_cursor_invalid'),
  limit: optionalInt({ min: 1, max: CHAT_PAGE_MAX, invalid: 'err.chat_limit_invalid' }),
});

export const chatRemoveSchema = z.object({ message_id: messageId });

export const chatMuteSchema = z.object({
  user_id: idField('err.not_found'),
  minutes: intField({ min: 1, max: CHAT_MUTE_MAX_MINUTES, invalid: 'err.chat_mute_minutes_invalid' }),
  reason: requiredText('err.chat_reason_required', { max: CHAT_REASON_MAX, invalid: 'err.chat_reason_invalid' }),
  /** A shadow mute: the player's posts go through but only they see them. */
  shadow: requiredFlag('err.bad_request'),
});

export const chatUnmuteSchema = z.object({ user_id: idField('err.not_found') });

/** admin.chatRoomUpdate: a room's chat settings, all of them. */
export const chatRoomUpdateSchema = z.object({
  plan_id: planId,
  enabled: requiredFlag('err.bad_request'),
  /** Only posts of the system while muted. */
  muted: requiredFlag('err.bad_request'),
  slow_mode_seconds: intField({ min: 0, max: CHAT_SLOW_MODE_MAX, invalid: 'err.chat_slow_mode_invalid' }),
  gate_settled_bet: requiredFlag('err.bad_request'),
  gate_account_hours: intField({ min: 0, max: CHAT_GATE_HOURS_MAX, invalid: 'err.chat_gate_hours_invalid' }),
});

export const chatRoomSchema = z.object({ plan_id: planId });

export const chatPinSchema = z.object({
  plan_id: planId,
  text: requiredText('err.chat_pin_required', { max: CHAT_PIN_MAX, invalid: 'err.chat_pin_invalid' }),
});

/** admin.chatFilterUpdate: the word list and the allowed domains, one per line. */
export const chatFilterUpdateSchema = z.object({
  words: optionalText({ max: CHAT_WORDS_TEXT_MAX, multiline: true, invalid: 'err.chat_words_invalid' }),
  links_allowed: requiredFlag('err.bad_request'),
  allowed_domains: optionalText({ max: CHAT_DOMAINS_TEXT_MAX, multiline: true, invalid: 'err.chat_domain_invalid' }).refine(
    (v) => linesOf(v).every((d) => DOMAIN_RE.test(d.toLowerCase())),
    'err.chat_domain_invalid',
  ),
});

export const CHAT_REPORT_STATUSES = ['open', 'resolved'] as const;
export const chatReportListSchema = z.object({
  status: enumText(CHAT_REPORT_STATUSES, 'err.bad_request').optional(),
});

export const CHAT_REPORT_ACTIONS = ['remove', 'dismiss'] as const;
export const chatReportResolveSchema = z.object({
  report_id: idField('err.chat_report_not_found'),
  action: enumText(CHAT_REPORT_ACTIONS, 'err.bad_request'),
});

// --- answers ---

/** A room's chat settings as the console edits them. */
export const chatRoomSettingsData = z.object({
  plan_id: z.number().int(),
  game_id: z.number().int(),
  title: z.string(),
  enabled: z.boolean(),
  muted: z.boolean(),
  slow_mode_seconds: z.number().int(),
  gate_settled_bet: z.boolean(),
  gate_account_hours: z.number().int(),
  pinned: z.string().nullable(),
  open_reports: z.number().int(),
});
export const chatRoomListData = z.object({ list: z.array(chatRoomSettingsData) });

/** A message as operators see it: its text even when removed or shadowed, and its author. */
export const adminChatMessageData = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  kind: z.enum(CHAT_KINDS),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  text: z.string(),
  shadow: z.boolean(),
  removed: z.boolean(),
  createtime: unixTime,
});
export const adminChatMessagesData = z.object({
  plan_id: z.number().int(),
  list: z.array(adminChatMessageData),
  has_more: z.boolean(),
  cleared_through: z.number().int(),
});

export const chatMuteData = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  until: unixTime,
  reason: z.string(),
  shadow: z.boolean(),
  by: z.string(),
  createtime: unixTime,
});
export const chatMuteListData = z.object({ list: z.array(chatMuteData) });

export const chatFilterData = z.object({ words: z.array(z.string()), links_allowed: z.boolean(), allowed_domains: z.array(z.string()) });

export const chatReportData = z.object({
  id: z.number().int(),
  message: adminChatMessageData,
  reporter: z.string(),
  /** How many players reported this message. */
  reports: z.number().int(),
  createtime: unixTime,
  resolution: z.enum(['removed', 'dismissed']).nullable(),
  resolved_by: z.string().nullable(),
});
export const chatReportListData = z.object({ list: z.array(chatReportData) });
