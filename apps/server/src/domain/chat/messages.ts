/**
 * The chat of every room (docs/chat.md): posting a player's message and reading the timeline from a
 * cursor. A message is stored as the text the player typed (trimmed), never as HTML: a client shows it
 * as text. Nicknames are stored masked as the feed masks them (present.ts maskNickname), as they were
 * when the message was posted. The live push of a committed message is the caller's (live/chat.ts).
 */
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { CHAT_PAGE_MAX, CHAT_TEXT_MAX, chatTextLength, hasForbiddenChars, type ChatKind, type ChatMessage } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { chatMessages } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../errors.js';
import { maskNickname } from '../../present.js';
import { systemPostOf } from './systemPost.js';
import { checkPost } from './moderation.js';
import { presentChatBet, refuseBetText } from './betText.js';

/** A player posts at most `max` messages in any `windowMs`, counted in the database (every node); their bet messages are not counted (the bet's own rate limit holds those). */
export const CHAT_RATE = { max: 5, windowMs: 10_000 };
/** Serialises one player's posts (the rate count and the insert), on every node. */
export const CHAT_POST_LOCK = 28_0401;
/** Rows deleted per statement when pruning (a long history is deleted in several short statements). */
const PRUNE_BATCH = 5_000;

/** A stored message as the node keeps and sends it (times in ms). */
export interface ChatLine {
  id: number;
  roomId: number;
  userId: number | null;
  kind: ChatKind;
  nickname: string | null;
  text: string;
  /** What a bet message (betText.ts) or a system post carries besides its text (migration 0022); null for a player's message. */
  data: unknown;
  createdAt: number;
  /** Posted while its author was shadow-muted: shown to its author only (docs/chat.md#moderation). */
  shadow: boolean;
  /** Removed by an operator: shown as "removed by the operator", without its text. */
  removed: boolean;
}

type Row = typeof chatMessages.$inferSelect;

/** A stored row as the node keeps and sends it. */
export const chatLineOf = (r: Row): ChatLine => ({
  id: r.id,
  roomId: r.roomId,
  userId: r.userId,
  kind: r.kind as ChatKind,
  nickname: r.nickname,
  text: r.text,
  data: r.data ?? null,
  createdAt: r.createdAt.getTime(),
  shadow: r.shadow,
  removed: r.removedAt !== null,
});

/** A message on the wire, for `viewerId` (null: a guest, or nobody in particular): `mine` marks their own. */
export function presentChatMessage(line: ChatLine, viewerId: number | null): ChatMessage {
  return {
    id: line.id,
    plan_id: line.roomId,
    kind: line.kind,
    nickname: line.nickname,
    text: line.removed ? '' : line.text,
    mine: viewerId !== null && line.userId === viewerId,
    system: line.kind === 'system' ? systemPostOf(line.data) : null,
    removed: line.removed,
    createtime: Math.floor(line.createdAt / 1000),
    bet: line.kind === 'bet' ? presentChatBet(line.data) : null,
  };
}

/**
 * Posts a player's message to a room (the caller has checked the room). Refused, changing nothing: a
 * text that is blank, longer than CHAT_TEXT_MAX characters or holds a control character (the route's
 * schema refuses these first; checked again here, where the rule lives); a caller who is not a member,
 * is frozen or on a break; a player past CHAT_RATE; a text the bet grammar reads as bets, a command or a
 * wrong bet (betText.ts).
 */
export async function postMessage(db: Db, input: { roomId: number; userId: number; text: string; now: number; timeZone: string }): Promise<ChatLine> {
  const text = input.text.trim();
  if (text === '') throw new AppError('err.chat_text_required', { field: 'text' });
  if (chatTextLength(text) > CHAT_TEXT_MAX) throw new AppError('err.chat_text_too_long', { field: 'text' });
  if (hasForbiddenChars(text)) throw new AppError('err.chat_text_invalid', { field: 'text' });
  refuseBetText(text);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_POST_LOCK}, ${input.userId})`);
    const [user] = await queryRows<{ group_id: number; disabled: boolean; excluded_until: Date | string | null; name: string; created_at: Date | string }>(
      tx,
      sql`select group_id, disabled, excluded_until, coalesce(nickname, username) as name, created_at from users where id = ${input.userId}`,
    );
    if (!user || Number(user.group_id) !== 1) throw new AppError('err.guest_forbidden');
    const excludedUntil = user.excluded_until === null ? null : new Date(user.excluded_until).getTime();
    if (user.disabled || (excludedUntil !== null && excludedUntil > input.now)) throw new AppError('err.chat_not_allowed');
    const recent = await tx
      .select({ createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, input.userId), eq(chatMessages.kind, 'player'), gt(chatMessages.createdAt, new Date(input.now - CHAT_RATE.windowMs))))
      .orderBy(desc(chatMessages.createdAt))
      .limit(CHAT_RATE.max);
    const oldest = recent[CHAT_RATE.max - 1];
    if (oldest) {
      const seconds = Math.max(1, Math.ceil((oldest.createdAt.getTime() + CHAT_RATE.windowMs - input.now) / 1000));
      throw new AppError('err.chat_too_fast', { params: { seconds, count: seconds } });
    }
    const { shadow } = await checkPost(tx, { ...input, text, accountCreatedAt: new Date(user.created_at).getTime() });
    const [row] = await tx
      .insert(chatMessages)
      .values({ roomId: input.roomId, userId: input.userId, kind: 'player', nickname: maskNickname(user.name), text, createdAt: new Date(input.now), shadow })
      .returning();
    return chatLineOf(row!);
  });
}

/**
 * A page of a room's timeline, oldest first: the last `limit` messages (no cursor), the last `limit`
 * before `before`, or the first `limit` after `after`. `hasMore`: more messages lie beyond the page in
 * the direction asked (older ones for the first two, newer ones for `after`). Moderation: the messages
 * up to `clearedThrough` (the room was cleared) are left out, and a shadowed one is shown to its author
 * (`viewerId`) only; `everything` (the operators' view) shows them all.
 */
export async function listMessages(
  db: DbOrTx,
  query: { roomId: number; before?: number; after?: number; limit?: number; viewerId?: number | null; clearedThrough?: number; everything?: boolean },
): Promise<{ lines: ChatLine[]; hasMore: boolean }> {
  const limit = Math.min(query.limit ?? CHAT_PAGE_MAX, CHAT_PAGE_MAX);
  const inRoom = and(eq(chatMessages.roomId, query.roomId), ...(query.everything ? [] : visibleTo(query.viewerId ?? null, query.clearedThrough ?? 0)));
  if (query.after) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(inRoom, gt(chatMessages.id, query.after)))
      .orderBy(asc(chatMessages.id))
      .limit(limit + 1);
    return { lines: rows.slice(0, limit).map(chatLineOf), hasMore: rows.length > limit };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(query.before ? and(inRoom, lt(chatMessages.id, query.before)) : inRoom)
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return { lines: rows.slice(0, limit).map(chatLineOf).reverse(), hasMore: rows.length > limit };
}

/**
 * The newest `count` messages of a room as stored (every kind, shadowed and cleared ones too), oldest
 * first: the page live/chatListCache.ts keeps. `floor`: every message of the room with a greater id is
 * in `lines` (0: the room holds no other).
 */
export async function newestLines(db: DbOrTx, roomId: number, count: number): Promise<{ lines: ChatLine[]; floor: number }> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId)).orderBy(desc(chatMessages.id)).limit(count);
  const lines = rows.map(chatLineOf).reverse();
  return { lines, floor: rows.length < count ? 0 : lines[0]!.id - 1 };
}

/** Whether a player (null: a guest) sees a message: listMessages' rule (visibleTo) for one held in memory. */
export const visibleLine = (line: ChatLine, viewerId: number | null, clearedThrough: number): boolean =>
  line.id > clearedThrough && (!line.shadow || (viewerId !== null && line.userId === viewerId));

/**
 * listMessages' answer from the newest messages held in memory (`lines`, oldest first, holding every
 * message with an id above `floor`), or undefined when the answer may need older ones than these.
 */
export function pageOf(
  held: { lines: readonly ChatLine[]; floor: number },
  query: { before?: number; after?: number; limit?: number; viewerId?: number | null; clearedThrough?: number },
): { lines: ChatLine[]; hasMore: boolean } | undefined {
  const limit = Math.min(query.limit ?? CHAT_PAGE_MAX, CHAT_PAGE_MAX);
  const shown = (l: ChatLine) => visibleLine(l, query.viewerId ?? null, query.clearedThrough ?? 0);
  if (query.after) {
    if (query.after < held.floor) return undefined;
    const after = query.after;
    const rows = held.lines.filter((l) => l.id > after && shown(l));
    return { lines: rows.slice(0, limit), hasMore: rows.length > limit };
  }
  const before = query.before;
  const rows = held.lines.filter((l) => (before ? l.id < before : true) && shown(l));
  if (rows.length > limit) return { lines: rows.slice(rows.length - limit), hasMore: true };
  return held.floor === 0 ? { lines: rows, hasMore: false } : undefined;
}

/** What a player (null: a guest) sees of a room's timeline: after the clear mark, no one else's shadowed messages. */
function visibleTo(viewerId: number | null, clearedThrough: number): SQL[] {
  const shown = viewerId === null ? eq(chatMessages.shadow, false) : or(eq(chatMessages.shadow, false), eq(chatMessages.userId, viewerId))!;
  return clearedThrough > 0 ? [shown, gt(chatMessages.id, clearedThrough)] : [shown];
}

/**
 * Deletes the messages older than `retentionDays` (CHAT_RETENTION_DAYS), in batches; answers how
 * many. Safe on several nodes at once: each batch skips the rows another node is deleting.
 */
export async function pruneChatMessages(db: Db, opts: { now: number; retentionDays: number }): Promise<number> {
  const cutoff = new Date(opts.now - opts.retentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from ${chatMessages} where id in (
              select id from ${chatMessages} where created_at < ${cutoff} order by id limit ${PRUNE_BATCH} for update skip locked)
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < PRUNE_BATCH) return total;
  }
}
