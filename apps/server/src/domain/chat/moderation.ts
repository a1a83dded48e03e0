/**
 * The chat's moderation rules (docs/chat.md#moderation) as a post meets them, and the state a room's
 * viewers see: the room's chat settings (on/off, muted to system posts, slow mode, the new-account
 * gate, the pinned announcement, the clear mark), a player's mute, and the operator's filter rules.
 * Read inside the post's transaction, so a change an operator commits holds from the next post on.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { chatFilter, chatMessages, chatMutes, chatRoomSettings } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { localTime } from '../protection/periods.js';
import { DEFAULT_FILTER_RULES, judgeText, type FilterRules } from './wordFilter.js';

export interface RoomChatSettings {
  roomId: number;
  enabled: boolean;
  muted: boolean;
  slowModeSeconds: number;
  gateSettledBet: boolean;
  gateAccountHours: number;
  pinnedText: string | null;
  pinnedAt: number | null;
  clearedThrough: number;
  /** Raised by every operator change (0: the defaults, never changed). */
  version: number;
}

export const defaultRoomSettings = (roomId: number): RoomChatSettings => ({
  roomId,
  enabled: true,
  muted: false,
  slowModeSeconds: 0,
  gateSettledBet: false,
  gateAccountHours: 0,
  pinnedText: null,
  pinnedAt: null,
  clearedThrough: 0,
  version: 0,
});

type SettingsRow = typeof chatRoomSettings.$inferSelect;
const settingsOf = (r: SettingsRow): RoomChatSettings => ({
  roomId: r.roomId,
  enabled: r.enabled,
  muted: r.muted,
  slowModeSeconds: r.slowModeSeconds,
  gateSettledBet: r.gateSettledBet,
  gateAccountHours: r.gateAccountHours,
  pinnedText: r.pinnedText,
  pinnedAt: r.pinnedAt?.getTime() ?? null,
  clearedThrough: r.clearedThrough,
  version: r.version,
});

/** A room's chat settings; the defaults for a room no operator has set. */
export async function roomChatSettings(db: DbOrTx, roomId: number): Promise<RoomChatSettings> {
  const [row] = await db.select().from(chatRoomSettings).where(eq(chatRoomSettings.roomId, roomId));
  return row ? settingsOf(row) : defaultRoomSettings(roomId);
}

/** Every room's settings that an operator has set, by room. */
export async function allRoomChatSettings(db: DbOrTx): Promise<Map<number, RoomChatSettings>> {
  const rows = await db.select().from(chatRoomSettings);
  return new Map(rows.map((r) => [r.roomId, settingsOf(r)]));
}

export interface ChatMute {
  id: number;
  userId: number;
  until: number;
  reason: string;
  shadow: boolean;
}

/** The player's mute in force at `now` (the latest one, unless lifted), or null. */
export async function activeMute(db: DbOrTx, userId: number, now: number): Promise<ChatMute | null> {
  const [row] = await db
    .select()
    .from(chatMutes)
    .where(and(eq(chatMutes.userId, userId), isNull(chatMutes.liftedAt), gt(chatMutes.until, new Date(now))))
    .orderBy(desc(chatMutes.until))
    .limit(1);
  return row ? { id: row.id, userId: row.userId, until: row.until.getTime(), reason: row.reason, shadow: row.shadow } : null;
}

/** The operator's word list and link rules; the defaults (no words, links refused) until saved. */
export async function filterRules(db: DbOrTx): Promise<FilterRules> {
  const [row] = await db.select().from(chatFilter).where(eq(chatFilter.id, 1));
  return row ? { words: row.words, linksAllowed: row.linksAllowed, allowedDomains: row.allowedDomains } : DEFAULT_FILTER_RULES;
}

const FILTER_REFUSALS = { link: 'err.chat_link_refused', contact: 'err.chat_contact_refused', word: 'err.chat_word_refused' } as const;

/**
 * The moderation checks of a player's post, in the post's transaction after the account checks: the
 * room's chat on and not muted, the player not muted (a shadow mute lets the post through, shown to its
 * author only), the new-account gate, slow mode, then the filter. Answers whether the post is shadowed.
 */
export async function checkPost(
  tx: DbOrTx,
  post: { roomId: number; userId: number; text: string; now: number; timeZone: string; accountCreatedAt: number },
): Promise<{ shadow: boolean }> {
  const room = await roomChatSettings(tx, post.roomId);
  if (!room.enabled || room.muted) throw new AppError('err.chat_banned');
  const mute = await activeMute(tx, post.userId, post.now);
  if (mute && !mute.shadow) throw new AppError('err.chat_muted', { params: { until: localTime(mute.until, post.timeZone), reason: mute.reason } });
  if (room.gateAccountHours > 0 && post.now - post.accountCreatedAt < room.gateAccountHours * 3_600_000) {
    throw new AppError('err.chat_gate_account_age', { params: { hours: room.gateAccountHours, count: room.gateAccountHours } });
  }
  if (room.gateSettledBet) {
    const [bet] = await queryRows<{ one: number }>(tx, sql`select 1 as one from orders where user_id = ${post.userId} and status = 1 limit 1`);
    if (!bet) throw new AppError('err.chat_gate_settled_bet');
  }
  if (room.slowModeSeconds > 0) {
    const [last] = await tx
      .select({ createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, post.roomId), eq(chatMessages.userId, post.userId)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    const wait = last ? last.createdAt.getTime() + room.slowModeSeconds * 1000 - post.now : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('err.chat_slow_mode', { params: { seconds, count: seconds } });
    }
  }
  const verdict = judgeText(post.text, await filterRules(tx));
  if (!verdict.ok) throw new AppError(FILTER_REFUSALS[verdict.reason], { field: 'text' });
  return { shadow: mute?.shadow ?? false };
}
