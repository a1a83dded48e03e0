/**
 * The live streams' viewers on this node and what each is pushed (docs/design.md#real-time-and-scale). Pushes come from the
 * engine's snapshot changes (live/changes.ts: this node's bets and draws, and other nodes'
 * through LISTEN/NOTIFY) and from a one-second tick (the round closing or turning, presence):
 *
 * - `heart`: a whole Lottery/heart answer (as the poll would answer this viewer): at connection, after
 *   a draw, a configuration change, the round closing or turning, and (home, game) after new bets;
 * - `bets`: a room's new bets `{ issue, order_count, message[] }` (plus `user_quantity` for the bettor);
 * - `presence`: `{ robot_num }` when the room's count of present players changes;
 * - `chat`: a room's new chat message as chat.list answers it (`mine` on its author's streams), from
 *   this node or another (live/chat.ts; docs/chat.md);
 * - `chat_room`: the room's chat state `{ plan_id, enabled, muted, slow_mode_seconds, gate_*, pinned,
 *   cleared_through }` when an operator changes it; `chat_mute`: the viewer's own mute `{ until, reason }`
 *   or null, when an operator sets or lifts it (docs/chat.md#live-room-state);
 * - a comment every 15 s, so idle connections and load balancers stay alive;
 * - the end of the stream after about 10 minutes (the client reconnects, spreading viewers over nodes);
 * - the end of a logged-in viewer's stream once their session has ended — signed out, password
 *   changed, frozen, on a break, expired — on whichever node: every SESSION_CHECK_MS one query
 *   re-checks every session streaming here (the client reconnects, and is then a guest).
 *
 * Every frame is serialised once per topic and language and written to every viewer as the same
 * Buffer; only a logged-in viewer's own parts (balance, their bets) are built for them. No push
 * queries the database, except a draw's new balance for a viewer who had a bet in that game.
 */
import type { Socket } from 'node:net';
import type { ApiLang } from '@lucky28/shared';
import type { GameChange } from './changes.js';
import type { GameEngine } from './engine.js';
import { money } from '../present.js';
import type { FeedEntry } from './snapshot.js';
import type { HeartView } from './heartView.js';
import { SHOWN_CACHE_MS } from '../domain/accounts/sessions.js';
import { presentChatMessage, type ChatLine } from '../domain/chat/messages.js';
import type { RoomStateEvent, ShownMute } from '../domain/chat/roomState.js';

export const HEARTBEAT_MS = 15_000;
/**
 * How often the sessions of logged-in viewers are checked again: as long as a poll of the heart may
 * show a balance from a session resolved earlier, so a stream tells no more after a sign-out than a poll.
 */
export const SESSION_CHECK_MS = SHOWN_CACHE_MS;
const TICK_MS = 1000;
/** New bets change the home and game cards' counters: pushed at most this often. */
const COUNTER_PUSH_MS = 250;
/**
 * A stream ends after about this long (± a fifth, so reconnections spread out): the client reconnects
 * through the load balancer, which spreads viewers again after a node has come back.
 */
export const STREAM_MAX_MS = 10 * 60_000;
/** A closing node's viewers are told to reconnect after RECONNECT_MIN_MS plus up to RECONNECT_SPREAD_MS. */
export const RECONNECT_MIN_MS = 100;
export const RECONNECT_SPREAD_MS = 2000;
/**
 * A guest's first frame on a topic is the one just serialised for another guest in the same language, if
 * nothing was pushed since and it is this recent: a node taking over a closing node's viewers (hundreds
 * arriving within a second or two) serialises each topic's state once per language, not once per viewer.
 */
const FIRST_FRAME_REUSE_MS = 250;
/** The comment that keeps idle connections open, one Buffer for all. */
const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');
/** Viewers written to per turn of the event loop (see StreamHub.fanOut). */
const FAN_OUT_SLICE = 2000;
/** A viewer whose unsent data grows past this is too slow: closed (it reconnects or polls). */
const MAX_BACKLOG_BYTES = 512 * 1024;

/** A room's bets waiting to be written: the entries, and viewers who joined meanwhile with the entry they start from. */
interface WaitingBets {
  gameId: number;
  entries: FeedEntry[];
  late: Map<StreamViewer, number>;
}

export type StreamTopic = { kind: 'home' } | { kind: 'game'; gameId: number } | { kind: 'room'; gameId: number; roomId: number };

export interface StreamViewer {
  /** The viewer's connection, its answer's head already written (routes/lottery/stream.ts): frames go straight to it. */
  socket: Socket;
  lang: ApiLang;
  userId: number | null;
  /** The logged-in viewer's session: the stream ends when it does. */
  sessionId?: number;
  topic: StreamTopic;
  /** Last known balance (cents) of a logged-in viewer. */
  balance?: number;
  /** Games in which this viewer has bets waiting for a draw. */
  staked?: Set<number>;
  /** When the hub ends this stream (Date.now() ms). */
  endsAt?: number;
}

/** Which of these sessions are still valid now (SessionStore.stillValid): one query for all. */
export type SessionCheck = (sessionIds: number[], now: number) => Promise<Set<number>>;

const topicKey = (t: StreamTopic): string => (t.kind === 'home' ? 'home' : `${t.kind}:${t.kind === 'room' ? t.roomId : t.gameId}`);

const frame = (event: string, json: string): Buffer => Buffer.from(`event: ${event}\ndata: ${json}\n\n`);

export class StreamHub {
  private topics = new Map<string, { topic: StreamTopic; viewers: Set<StreamViewer> }>();
  private byUser = new Map<number, Set<StreamViewer>>();
  /** What each topic last showed of the round (issue, closed, open) and presence: a change is pushed. */
  private shown = new Map<string, string>();
  /** The presence count each room topic last showed. */
  private presenceShown = new Map<string, number>();
  private dirty = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private lastBeat = 0;
  private lastSessionCheck = Date.now();
  private checkingSessions = false;
  private unsubscribe: () => void;
  private count = 0;
  /** The last heart frame pushed to guests, by topic and language, with the push count it is valid for. */
  private firstFrames = new Map<string, { at: number; pushes: number; buf: Buffer }>();
  /** Counts every change pushed to any viewer: a first frame made before one is not reused. */
  private pushes = 0;
  /** Pushes being written, oldest first (fanOut). */
  private fanOuts: { viewers: StreamViewer[]; each?: (v: StreamViewer) => void; make?: () => (v: StreamViewer) => void; next: number }[] = [];
  /** Per room, the bets waiting to be written (pushBets), while their write has not started. */
  private waitingBets = new Map<number, WaitingBets>();

  constructor(
    private engine: GameEngine,
    private view: HeartView,
    private checkSessions: SessionCheck,
  ) {
    this.unsubscribe = engine.changes.on((c) => this.onChange(c));
  }

  get size(): number {
    return this.count;
  }

  /** Registers a viewer whose response headers are sent, and pushes the current state to it. */
  async add(viewer: StreamViewer): Promise<void> {
    if (viewer.userId !== null) viewer.balance = await this.engine.balanceOf(viewer.userId);
    const key = topicKey(viewer.topic);
    let entry = this.topics.get(key);
    if (!entry) this.topics.set(key, (entry = { topic: viewer.topic, viewers: new Set() }));
    entry.viewers.add(viewer);
    if (viewer.userId !== null) {
      let mine = this.byUser.get(viewer.userId);
      if (!mine) this.byUser.set(viewer.userId, (mine = new Set()));
      mine.add(viewer);
    }
    this.count++;
    viewer.endsAt = Date.now() + STREAM_MAX_MS * (0.8 + 0.4 * Math.random());
    viewer.socket.once('close', () => this.remove(viewer));
    this.touchPresence(viewer, this.engine.clock.now());
    if (viewer.topic.kind === 'room') {
      const waiting = this.waitingBets.get(viewer.topic.roomId);
      waiting?.late.set(viewer, waiting.entries.length);
    }
    const recent = viewer.userId === null ? this.firstFrames.get(`${key}|${viewer.lang}`) : undefined;
    if (recent && recent.pushes === this.pushes && Date.now() - recent.at < FIRST_FRAME_REUSE_MS) this.write(viewer, recent.buf);
    else this.pushState(entry.topic, [viewer], true);
    this.ticker ??= setInterval(() => this.tick(), TICK_MS);
  }

  private remove(viewer: StreamViewer): void {
    const key = topicKey(viewer.topic);
    const entry = this.topics.get(key);
    if (!entry?.viewers.delete(viewer)) return;
    this.count--;
    if (entry.viewers.size === 0) {
      this.topics.delete(key);
      this.shown.delete(key);
      this.presenceShown.delete(key);
      for (const k of [...this.firstFrames.keys()]) if (k.startsWith(`${key}|`)) this.firstFrames.delete(k);
    }
    if (viewer.userId !== null) {
      const mine = this.byUser.get(viewer.userId);
      mine?.delete(viewer);
      if (mine?.size === 0) this.byUser.delete(viewer.userId);
    }
    if (this.count === 0 && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  /**
   * Ends every stream: the node is closing. Each viewer is first told to reconnect soon (the SSE
   * `retry:` field, spread over RECONNECT_SPREAD_MS so that they do not all arrive at once): the client
   * reconnects through the load balancer, which has taken this node out (http/drain.ts).
   */
  close(): void {
    this.unsubscribe();
    if (this.ticker) clearInterval(this.ticker);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.ticker = this.flushTimer = undefined;
    this.fanOuts.length = 0;
    this.waitingBets.clear();
    for (const { viewers } of [...this.topics.values()]) {
      for (const v of [...viewers]) {
        this.write(v, `retry: ${RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)}\n\n`);
        v.socket.end();
      }
    }
  }

  private write(viewer: StreamViewer, data: Buffer | string): void {
    const socket = viewer.socket;
    if (socket.writableEnded || socket.destroyed) return;
    if (socket.writableLength > MAX_BACKLOG_BYTES) {
      socket.destroy();
      return;
    }
    socket.write(data);
  }

  private onChange(change: GameChange): void {
    this.pushes++;
    if (change.type === 'bets') return this.pushBets(change.gameId, change.roomId, change.entries);
    for (const { topic } of this.topics.values()) {
      if (change.type === 'config' || topic.kind === 'home' || topic.gameId === change.gameId) this.dirty.add(topicKey(topic));
    }
    if (change.type === 'draw') void this.refreshStakedBalances(change.gameId).finally(() => this.scheduleFlush(0));
    else this.scheduleFlush(0);
  }

  private scheduleFlush(delayMs: number): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      const keys = [...this.dirty];
      this.dirty.clear();
      for (const key of keys) {
        const entry = this.topics.get(key);
        if (entry) this.pushState(entry.topic, entry.viewers);
      }
    }, delayMs);
  }

  /** Viewers who bet in the drawn game may have won: their balance is read again (cache or one query). */
  private async refreshStakedBalances(gameId: number): Promise<void> {
    const waiting: StreamViewer[] = [];
    for (const viewers of this.byUser.values()) for (const v of viewers) if (v.staked?.delete(gameId)) waiting.push(v);
    for (const v of waiting) {
      try {
        v.balance = await this.engine.balanceOf(v.userId!);
      } catch (err) {
        this.engine.log.warn({ err }, 'reading a balance for the live stream failed');
      }
    }
  }

  /** A whole heart answer to the given viewers of a topic (guests share one serialisation per language). */
  private pushState(topic: StreamTopic, viewers: Iterable<StreamViewer>, firstFrame = false): void {
    if (!firstFrame) this.pushes++;
    const engine = this.engine;
    const now = engine.clock.now();
    const shared = new Map<ApiLang, Buffer>();
    const game = topic.kind === 'home' ? undefined : engine.snapshot.games.get(topic.gameId);
    const room = topic.kind === 'room' ? engine.snapshot.rooms.get(topic.roomId) : undefined;
    if (topic.kind !== 'home' && (!game || (topic.kind === 'room' && !room))) {
      for (const v of [...viewers]) v.socket.end(); // the game or room is gone: the client falls back to polling
      return;
    }
    this.shown.set(topicKey(topic), this.shownState(topic, now));
    const present = room ? engine.presence.count(room.id, now) : 0;
    if (room) this.presenceShown.set(topicKey(topic), present);
    const pushesAt = this.pushes;
    const each = (v: StreamViewer) => {
      if (room && game && v.userId !== null) {
        this.write(v, frame('heart', this.view.roomJson(game, room, v.lang, { userId: v.userId, balance: v.balance }, now, present)));
        return;
      }
      let buf = shared.get(v.lang);
      if (!buf) {
        const json =
          topic.kind === 'home'
            ? this.view.homeJson(v.lang, now)
            : room
              ? this.view.roomJson(game!, room, v.lang, null, now, present)
              : this.view.gameJson(game!, undefined, v.lang, now);
        shared.set(v.lang, (buf = frame('heart', json)));
        this.firstFrames.set(`${topicKey(topic)}|${v.lang}`, { at: Date.now(), pushes: pushesAt, buf });
      }
      this.write(v, buf);
    };
    if (firstFrame) for (const v of viewers) each(v);
    else this.fanOut(viewers, each);
  }

  /**
   * New bets: the room's viewers get the entries; the home and game cards their counter, soon. Bets
   * that arrive while the room's last bets are still waiting to be written join them: each viewer
   * gets one frame for all of them (under load, a push to every viewer is one write per viewer however
   * many bets came meanwhile). A viewer who joined since gets only the bets after its first frame.
   */
  private pushBets(gameId: number, roomId: number, entries: FeedEntry[]): void {
    this.pushes++;
    for (const e of entries) {
      for (const v of this.byUser.get(e.userId) ?? []) {
        v.balance = e.after;
        (v.staked ??= new Set()).add(gameId);
      }
    }
    for (const { topic } of this.topics.values()) {
      if (topic.kind === 'home' || (topic.kind === 'game' && topic.gameId === gameId)) this.dirty.add(topicKey(topic));
    }
    this.scheduleFlush(COUNTER_PUSH_MS);

    const waiting = this.waitingBets.get(roomId);
    if (waiting && waiting.gameId === gameId) {
      waiting.entries.push(...entries);
      return;
    }
    const entry = this.topics.get(`room:${roomId}`);
    if (!entry || !this.engine.snapshot.games.has(gameId)) return;
    const job: WaitingBets = { gameId, entries: [...entries], late: new Map() };
    this.waitingBets.set(roomId, job);
    this.fanOut(entry.viewers, () => {
      if (this.waitingBets.get(roomId) === job) this.waitingBets.delete(roomId);
      return this.betsWriter(job);
    });
  }

  /**
   * A chat message to its room's viewers: one frame for all, serialised once; its author's streams get
   * it marked `mine`, and only they get a shadowed one (docs/chat.md#moderation); a removed one is pushed
   * again, with `removed`, to replace it. Written after the poster's answer, sliced like every push (fanOut).
   */
  pushChat(line: ChatLine): void {
    const entry = this.topics.get(`room:${line.roomId}`);
    if (!entry) return;
    let shared: Buffer | undefined;
    let own: Buffer | undefined;
    this.fanOut(entry.viewers, (v: StreamViewer) => {
      if (line.userId !== null && v.userId === line.userId) {
        this.write(v, (own ??= frame('chat', JSON.stringify(presentChatMessage(line, line.userId)))));
      } else if (!line.shadow) {
        this.write(v, (shared ??= frame('chat', JSON.stringify(presentChatMessage(line, null)))));
      }
    });
  }

  /**
   * A room's chat state an operator changed (docs/chat.md#live-room-state) to its viewers, one frame
   * for all: the input's notice, the pinned announcement, slow mode and the clear mark follow at once.
   */
  pushRoomState(room: RoomStateEvent): void {
    const entry = this.topics.get(`room:${room.plan_id}`);
    if (!entry) return;
    const buf = frame('chat_room', JSON.stringify(room));
    this.fanOut(entry.viewers, (v: StreamViewer) => this.write(v, buf));
  }

  /** A player's mute set or lifted, to that player's room streams (a mute holds in every room). */
  pushMute(userId: number, mute: ShownMute): void {
    const buf = frame('chat_mute', JSON.stringify(mute));
    for (const v of this.byUser.get(userId) ?? []) if (v.topic.kind === 'room') this.write(v, buf);
  }

  /** Writes a room's waiting bets to a viewer: one shared frame per language; the bettor's own, and late joiners', apart. */
  private betsWriter(job: WaitingBets): (v: StreamViewer) => void {
    const game = this.engine.snapshot.games.get(job.gameId);
    if (!game) return () => {};
    const { issue, orderCount } = this.view.issueOf(game, this.engine.clock.now());
    const head = `{"issue":${JSON.stringify(issue)},"order_count":${orderCount}`;
    const bettors = new Set(job.entries.map((e) => e.userId));
    const shared = new Map<string, Buffer>();
    const build = (entries: FeedEntry[], v: StreamViewer, own: boolean) => {
      const message = entries.map((e) => JSON.stringify(this.view.feedEntry(e, v.lang, own && e.userId === v.userId))).join(',');
      const balance = own ? `,"user_quantity":${JSON.stringify(v.balance === undefined ? null : money(v.balance))}` : '';
      return frame('bets', `${head}${balance},"message":[${message}]}`);
    };
    const write = (v: StreamViewer, from: number) => {
      if (v.userId !== null && bettors.has(v.userId) && job.entries.slice(from).some((e) => e.userId === v.userId)) {
        return this.write(v, build(job.entries.slice(from), v, true));
      }
      const key = `${v.lang}|${from}`;
      let buf = shared.get(key);
      if (!buf) shared.set(key, (buf = build(job.entries.slice(from), v, false)));
      this.write(v, buf);
    };
    // Viewers who joined the room while these bets waited (their first frame showed the bets before).
    for (const [v, from] of job.late) if (from < job.entries.length && !v.socket.destroyed) write(v, from);
    return (v) => write(v, 0);
  }

  /**
   * Writes a push to its viewers after the current turn of the event loop (the bettor's answer goes
   * out first), FAN_OUT_SLICE viewers per turn (calls and polls are read between slices, so tens of
   * thousands of viewers never hold the node for one long loop), pushes in the order they were made.
   */
  /** `each` writes one viewer; or, taking no argument, makes that writer when the write starts (pushBets). */
  private fanOut(viewers: Iterable<StreamViewer>, each: ((v: StreamViewer) => void) | (() => (v: StreamViewer) => void)): void {
    const lazy = each.length === 0 ? (each as () => (v: StreamViewer) => void) : undefined;
    this.fanOuts.push({ viewers: [...viewers], each: lazy ? undefined : (each as (v: StreamViewer) => void), make: lazy, next: 0 });
    if (this.fanOuts.length === 1) setImmediate(() => this.drainFanOuts());
  }

  private drainFanOuts(): void {
    let budget = FAN_OUT_SLICE;
    while (budget > 0 && this.fanOuts.length > 0) {
      const job = this.fanOuts[0]!;
      const each = (job.each ??= job.make!());
      const end = Math.min(job.viewers.length, job.next + budget);
      for (let i = job.next; i < end; i++) each(job.viewers[i]!);
      budget -= end - job.next;
      job.next = end;
      if (end === job.viewers.length) this.fanOuts.shift();
    }
    if (this.fanOuts.length > 0) setImmediate(() => this.drainFanOuts());
  }

  private shownState(topic: StreamTopic, now: number): string {
    const round = (gameId: number) => {
      const game = this.engine.snapshot.games.get(gameId);
      if (!game) return '-';
      const s = this.view.issueOf(game, now);
      return `${s.issue.issue}:${s.issue.whether_close ? 1 : 0}:${s.gameStatus}`;
    };
    if (topic.kind === 'home')
      return this.engine.snapshot
        .gameList()
        .map((g) => round(g.id))
        .join('|');
    return round(topic.gameId);
  }

  private touchPresence(viewer: StreamViewer, now: number): void {
    if (viewer.userId !== null && viewer.topic.kind === 'room') this.engine.presence.touch(viewer.topic.roomId, viewer.userId, now);
  }

  /** Each second: the round closing or turning is pushed; presence kept and its changes pushed; heartbeats. */
  private tick(): void {
    const now = this.engine.clock.now();
    const wall = Date.now();
    const beat = wall - this.lastBeat >= HEARTBEAT_MS;
    if (beat) this.lastBeat = wall;
    // A tick early rather than late: sessions are checked at most SESSION_CHECK_MS apart.
    if (wall - this.lastSessionCheck >= SESSION_CHECK_MS - TICK_MS && !this.checkingSessions) {
      this.lastSessionCheck = wall;
      void this.endEndedSessions(now);
    }
    for (const [key, { topic, viewers }] of this.topics) {
      for (const v of viewers) {
        if (v.endsAt !== undefined && wall >= v.endsAt) v.socket.end();
        else this.touchPresence(v, now);
      }
      if (this.shown.get(key) !== this.shownState(topic, now)) this.pushState(topic, viewers);
      else if (topic.kind === 'room') this.pushPresence(key, topic.roomId, viewers, now);
      if (beat) this.fanOut(viewers, (v) => this.write(v, KEEP_ALIVE));
    }
  }

  /** Ends the streams of viewers whose session has ended since they connected (on any node). */
  private async endEndedSessions(now: number): Promise<void> {
    const streaming: StreamViewer[] = [];
    for (const viewers of this.byUser.values()) for (const v of viewers) if (v.sessionId !== undefined) streaming.push(v);
    if (streaming.length === 0) return;
    this.checkingSessions = true;
    try {
      const valid = await this.checkSessions([...new Set(streaming.map((v) => v.sessionId!))], now);
      for (const v of streaming) if (!valid.has(v.sessionId!)) v.socket.end();
    } catch (err) {
      this.engine.log.warn({ err }, "checking the live streams' sessions failed");
    } finally {
      this.checkingSessions = false;
    }
  }

  private pushPresence(key: string, roomId: number, viewers: Set<StreamViewer>, now: number): void {
    const count = this.engine.presence.count(roomId, now);
    const before = this.presenceShown.get(key);
    this.presenceShown.set(key, count);
    if (before === undefined || before === count) return;
    this.pushes++;
    const buf = frame('presence', `{"robot_num":${count}}`);
    for (const v of viewers) this.write(v, buf);
  }
}
