/**
 * chat.list's per-room cache (docs/chat.md#the-chatlist-cache): the polling fallback asks every few
 * seconds for the messages after its last id, from every viewer of a busy room; each node keeps, per
 * room, the newest messages as stored and the room's chat settings, and per polling member their mute,
 * and answers those polls from them
 * (the same answer listMessages would give: domain/chat/messages.ts pageOf). What changes them reaches
 * every node through the chat relay (live/chat.ts): a new message, a removed one (applied in place), a
 * clear, a pin or a room's settings, a mute or an unmute (read again); a mute past its end is none. What is kept is not used after the listener to the
 * other nodes was lost (their events meanwhile reached no one here), nor after MAX_AGE_MS.
 */
import { CHAT_PAGE_MAX } from '@lucky28/shared';
import type { DbOrTx } from '../db/client.js';
import { listMessages, newestLines, pageOf, type ChatLine } from '../domain/chat/messages.js';
import { activeMute, roomChatSettings, type ChatMute, type RoomChatSettings } from '../domain/chat/moderation.js';
import type { ChatRelay } from './chat.js';

/** Messages kept per room: a full page and as many again, so polls from a cursor a page back still hit. */
export const CHAT_CACHE_LINES = 2 * CHAT_PAGE_MAX;
/** A room's page and settings are read again at least this often (what no event could tell: pruning, a lost NOTIFY). */
export const CHAT_CACHE_MAX_AGE_MS = 10_000;
/** Members' mutes kept before the old ones are let go. */
const MUTES_KEPT = 50_000;

interface Kept<T> {
  value: T;
  at: number;
  losses: number;
}

interface HeldPage {
  /** Oldest first; every message of the room with an id above `floor` is here. */
  lines: ChatLine[];
  floor: number;
}

export interface ChatListQuery {
  roomId: number;
  before?: number;
  after?: number;
  limit?: number;
  viewerId: number | null;
  clearedThrough: number;
}

export class ChatListCache {
  private pages = new Map<number, Kept<HeldPage>>();
  private settings = new Map<number, Kept<RoomChatSettings>>();
  private mutes = new Map<number, Kept<{ mute: ChatMute | null }>>();
  /** Per room, bumped by every change of its settings: a read that began before one is not kept (it may predate it). */
  private generations = new Map<number, number>();
  /** The same per player, for their mute. */
  private muteGenerations = new Map<number, number>();
  /** A page being read, and the messages committed meanwhile (applied to it once read: it may predate them). */
  private loading = new Map<number, { read: Promise<HeldPage>; arrived: ChatLine[] }>();
  private offs: (() => void)[];
  /** Answers of messages from what was kept, and reads of the database of any kind (tests). */
  readonly counts = { hits: 0, reads: 0 };

  constructor(
    private db: DbOrTx,
    private events: { readonly listening: boolean; readonly losses: number },
    relay: ChatRelay,
    private now: () => number = Date.now,
  ) {
    this.offs = [
      relay.on((line) => this.apply(line)),
      relay.onState((e) => {
        if (e.type === 'chat_room') return this.forgetSettings(e.room.plan_id);
        this.muteGenerations.set(e.userId, (this.muteGenerations.get(e.userId) ?? 0) + 1);
        this.mutes.delete(e.userId);
      }),
    ];
  }

  close(): void {
    for (const off of this.offs) off();
    this.pages.clear();
    this.settings.clear();
    this.mutes.clear();
  }

  /** Forgets everything kept (after pruning old messages). */
  clear(): void {
    for (const roomId of this.settings.keys()) this.bump(roomId);
    this.pages.clear();
    this.settings.clear();
  }

  /** The room's chat settings, as roomChatSettings reads them. */
  async roomSettings(roomId: number): Promise<RoomChatSettings> {
    const kept = this.fresh(this.settings.get(roomId));
    if (kept) return kept;
    const generation = this.generation(roomId);
    const losses = this.events.losses;
    this.counts.reads++;
    const settings = await roomChatSettings(this.db, roomId);
    if (this.generation(roomId) === generation && this.events.listening) this.settings.set(roomId, { value: settings, at: this.now(), losses });
    return settings;
  }

  /** The player's mute in force at `now`, as activeMute reads it. */
  async mute(userId: number, now: number): Promise<ChatMute | null> {
    const inForce = (mute: ChatMute | null) => (mute && mute.until > now ? mute : null);
    const kept = this.fresh(this.mutes.get(userId));
    if (kept) return inForce(kept.mute);
    const generation = this.muteGenerations.get(userId) ?? 0;
    const losses = this.events.losses;
    this.counts.reads++;
    const mute = await activeMute(this.db, userId, now);
    if ((this.muteGenerations.get(userId) ?? 0) === generation && this.events.listening) {
      if (this.mutes.size >= MUTES_KEPT) this.mutes.clear();
      this.mutes.set(userId, { value: { mute }, at: this.now(), losses });
    }
    return mute;
  }

  /** listMessages' answer: from the room's newest messages when they hold it, else from the database. */
  async list(query: ChatListQuery): Promise<{ lines: ChatLine[]; hasMore: boolean }> {
    let page = this.fresh(this.pages.get(query.roomId));
    // Only a poll of the newest messages loads the page; a scroll-back far beyond it reads the database.
    if (!page && !query.before) page = await this.load(query.roomId);
    const answer = page && pageOf(page, query);
    if (answer) {
      this.counts.hits++;
      return answer;
    }
    this.counts.reads++;
    return listMessages(this.db, query);
  }

  private load(roomId: number): Promise<HeldPage> {
    const pending = this.loading.get(roomId);
    if (pending) return pending.read;
    const losses = this.events.losses;
    const arrived: ChatLine[] = [];
    this.counts.reads++;
    const read = newestLines(this.db, roomId, CHAT_CACHE_LINES)
      .then((page) => {
        for (const line of arrived) into(page, line);
        if (this.events.listening && this.events.losses === losses) this.pages.set(roomId, { value: page, at: this.now(), losses });
        return page;
      })
      .finally(() => this.loading.delete(roomId));
    this.loading.set(roomId, { read, arrived });
    return read;
  }

  /** A message committed (new, or removed by an operator): into the room's page. */
  private apply(line: ChatLine): void {
    this.loading.get(line.roomId)?.arrived.push(line);
    const kept = this.pages.get(line.roomId);
    if (kept) into(kept.value, line);
  }

  private forgetSettings(roomId: number): void {
    this.bump(roomId);
    this.settings.delete(roomId);
  }

  private fresh<T>(kept: Kept<T> | undefined): T | undefined {
    if (!kept || !this.events.listening || kept.losses !== this.events.losses || this.now() - kept.at > CHAT_CACHE_MAX_AGE_MS) return undefined;
    return kept.value;
  }

  private generation(roomId: number): number {
    return this.generations.get(roomId) ?? 0;
  }

  private bump(roomId: number): void {
    this.generations.set(roomId, this.generation(roomId) + 1);
  }
}

/** A message into a held page, in id order (one already there is replaced: a removal), the oldest let go past CHAT_CACHE_LINES. */
function into(page: HeldPage, line: ChatLine): void {
  const { lines } = page;
  if (line.id <= page.floor) return;
  let at = lines.length;
  while (at > 0 && lines[at - 1]!.id > line.id) at--;
  if (at > 0 && lines[at - 1]!.id === line.id) lines[at - 1] = line;
  else lines.splice(at, 0, line);
  if (lines.length > CHAT_CACHE_LINES) page.floor = lines.splice(0, lines.length - CHAT_CACHE_LINES).at(-1)!.id;
}
