/**
 * The room's chat as the player reads it (docs/chat.md): messages kept by id, oldest first, from the
 * entry page, the pages scrolled back to, the stream's `chat` events and the catch-up after a
 * reconnection or while polling — each message once, whatever the order they arrive in.
 */
import type { ChatList, ChatMessage } from '@lucky28/shared/schemas';

/** The most messages kept on screen; past it the oldest go (and may be scrolled back to again). */
export const CHAT_KEEP = 500;

export interface ChatState {
  /** Oldest first, one per id. */
  list: readonly ChatMessage[];
  /** Older messages lie before the first one (from the server's `has_more` of the backward pages, or the trimming). */
  hasOlder: boolean;
  /** The room's chat state (on/off, muted, the pinned announcement) from the last chat.list; null before it. */
  room: ChatList['room'] | null;
  /** The player's own mute, from the last chat.list (docs/chat.md#moderation). */
  myMute: ChatList['my_mute'];
}

export const emptyChat: ChatState = { list: [], hasOlder: false, room: null, myMute: null };

/** The room's state and the player's mute as the last chat.list answered them. */
export const withRoomState = (state: ChatState, page: Pick<ChatList, 'room' | 'my_mute'>): ChatState => withMute(withRoom(state, page.room), page.my_mute);

/**
 * The room's state as chat.list answers it or the stream's `chat_room` event pushes it
 * (docs/chat.md#live-room-state). A room cleared past what is shown drops those messages at once. A
 * state older than the one shown (a list answer computed before a change whose push came first) is
 * ignored: every operator change raises the version.
 */
export function withRoom(state: ChatState, room: ChatList['room']): ChatState {
  if (state.room && room.version < state.room.version) return state;
  const through = room.cleared_through ?? 0;
  const list = through > 0 && (state.list[0]?.id ?? Infinity) <= through ? state.list.filter((m) => m.id > through) : state.list;
  return { ...state, list, room };
}

/** The player's own mute, from chat.list or the stream's `chat_mute` event. */
export const withMute = (state: ChatState, myMute: ChatList['my_mute']): ChatState => ({ ...state, myMute });

/** The last id seen: the `after` cursor of a catch-up (null before anything was shown). */
export const lastChatId = (state: ChatState): number | null => state.list[state.list.length - 1]?.id ?? null;

/** The first id shown: the `before` cursor of scrolling back. */
export const firstChatId = (state: ChatState): number | null => state.list[0]?.id ?? null;

/**
 * Merges messages into the list, de-duplicated by id (a message already shown keeps its place and
 * object, unless it comes again removed by an operator: then the removed one takes its place), sorted
 * by id. Returns `current` itself when nothing is new, so React can skip rendering.
 */
export function mergeChat(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  if (incoming.length === 0) return current;
  const removed = new Map(incoming.filter((m) => m.removed).map((m) => [m.id, m]));
  if (removed.size > 0 && current.some((m) => !m.removed && removed.has(m.id))) {
    current = current.map((m) => (!m.removed && removed.has(m.id) ? removed.get(m.id)! : m));
  }
  const ids = new Set(current.map((m) => m.id));
  const fresh = new Map<number, ChatMessage>();
  for (const m of incoming) if (!ids.has(m.id) && !fresh.has(m.id)) fresh.set(m.id, m);
  if (fresh.size === 0) return current;
  const last = current[current.length - 1]?.id ?? -Infinity;
  const added = [...fresh.values()].sort((a, b) => a.id - b.id);
  // The usual case: newer messages at the end.
  if (added[0]!.id > last) return [...current, ...added];
  return [...current, ...added].sort((a, b) => a.id - b.id);
}

/** New messages (the stream, a catch-up, one's own post) added at the end; past CHAT_KEEP the oldest go. */
export function addNewer(state: ChatState, incoming: readonly ChatMessage[]): ChatState {
  const list = mergeChat(state.list, incoming);
  if (list === state.list) return state;
  if (list.length <= CHAT_KEEP) return { ...state, list };
  return { ...state, list: list.slice(list.length - CHAT_KEEP), hasOlder: true };
}

/** A page of older messages (a `before` page), with whether more lie before it. */
export function addOlder(state: ChatState, page: readonly ChatMessage[], hasMore: boolean): ChatState {
  return { ...state, list: mergeChat(state.list, page), hasOlder: hasMore };
}

/** A bet of the heart's feed, as the timeline places it. */
export interface TimedBet {
  createtime: number;
}

export type TimelineItem<B> = { type: 'chat'; message: ChatMessage } | { type: 'bet'; bet: B };

/**
 * One timeline of the chat and the room's bets (the heart's `message` feed), by time, oldest first.
 * Each list keeps its own order; at the same second a chat message comes before a bet. Bets older than
 * the oldest chat message shown are left out while older messages can still be scrolled back to (they
 * would otherwise sit above messages that are not loaded yet); with the whole chat loaded, all are in.
 */
export function timeline<B extends TimedBet>(chat: ChatState, bets: readonly B[]): TimelineItem<B>[] {
  const out: TimelineItem<B>[] = [];
  const from = chat.hasOlder && chat.list.length > 0 ? chat.list[0]!.createtime : -Infinity;
  let b = 0;
  while (b < bets.length && bets[b]!.createtime < from) b++;
  for (const message of chat.list) {
    while (b < bets.length && bets[b]!.createtime < message.createtime) out.push({ type: 'bet', bet: bets[b++]! });
    out.push({ type: 'chat', message });
  }
  while (b < bets.length) out.push({ type: 'bet', bet: bets[b++]! });
  return out;
}
