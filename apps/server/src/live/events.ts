/**
 * Fan-out of bet and draw events (and the room chat's messages, live/chat.ts) between server nodes (docs/design.md#real-time-and-scale) with PostgreSQL LISTEN/NOTIFY.
 * A notification is sent inside the writing transaction, so it is delivered only if that commits.
 * On PostgreSQL a dedicated connection listens; on PGlite (one process) the embedded database's own
 * listener is used, which lets several engines share one database in tests.
 *
 * The listening connection can be lost (the database restarted, the backend terminated, a network
 * path gone silent). A node that lost it would go on serving a snapshot that never hears the other
 * nodes again, so the connection is watched — its `error` and `end`, and a cheap query every
 * `pingMs` that must answer within `pingTimeoutMs`, since a half-open socket reports nothing — and
 * opened again with capped, jittered exponential back-off. Each time it is back, `resync` reloads
 * from the database what the other nodes did meanwhile. Loss and recovery are logged once each.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, DbOrTx } from '../db/client.js';
import type { ChatLine } from '../domain/chat/messages.js';
import type { RoomStateEvent, ShownMute } from '../domain/chat/roomState.js';

export const CHANNEL = 'lucky28_game';
/** The listening connection's `application_name` is this and the node's id (operators, tests). */
export const LISTENER_APPLICATION = 'lucky28-listen-';
/** NOTIFY's payload limit (8000 bytes) with a margin. */
const MAX_PAYLOAD = 7900;
/** How long a committed bet may wait to be batched with others before it is sent to other nodes. */
const BATCH_MS = 25;

export type GameEvent =
  | {
      type: 'bet';
      gameId: number;
      roomId: number;
      issue: string;
      entries: { orderId: number; userId: number; nickname: string; playType: number; amount: number; after: number; createdAt: number }[];
    }
  | { type: 'draw'; gameId: number; roundId: number }
  /** An operator changed games or rooms: every node reloads its configuration. */
  | { type: 'config' };

/**
 * The room chat's events, committed on their node (live/chat.ts): a message, a room's changed state, a
 * player's changed mute. Not changes of the game snapshot, so they go to the chat's listeners
 * (`onChat`), never to the engine.
 */
export type ChatEvent =
  { type: 'chat'; message: ChatLine } | { type: 'chat_room'; room: RoomStateEvent } | { type: 'chat_mute'; userId: number; mute: ShownMute };

const CHAT_EVENTS: ReadonlySet<string> = new Set<ChatEvent['type']>(['chat', 'chat_room', 'chat_mute']);
const isChatEvent = (e: GameEvent | ChatEvent): e is ChatEvent => CHAT_EVENTS.has(e.type);

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

interface EventsLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GameEventsOptions {
  onEvent: (event: GameEvent) => void;
  onError: (err: unknown) => void;
  /** After a lost listener is back: reload from the database what other nodes did meanwhile. */
  resync?: () => Promise<void>;
  log?: EventsLog;
}

/** One open listening connection. */
interface Listener {
  /** The PostgreSQL backend's process id (none on PGlite). */
  pid: number | undefined;
  /** Resolves when the connection answered a trivial query in time. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export class GameEvents {
  readonly nodeId = randomUUID();
  /** Watching and re-opening the listener (ms). Tests shorten or lengthen them before the loss. */
  readonly timing = { pingMs: 5_000, pingTimeoutMs: 5_000, connectTimeoutMs: 5_000, retryFirstMs: 250, retryMaxMs: 10_000 };
  private running = false;
  private listener: Listener | undefined;
  /** Set from a loss until the listener is back and resynced. */
  private recovering: Promise<void> | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private pinging = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private database: Database,
    private opts: GameEventsOptions,
  ) {}

  /** Bets and chat messages waiting to be sent in the next batch (see publishAfterCommit). */
  private pending: (GameEvent | ChatEvent)[] = [];
  private chatListeners = new Set<(event: ChatEvent) => void>();
  /**
   * How many times the listener was lost: what another node did meanwhile reached no listener here,
   * so what was kept from its events (chat.list's cache) is read again.
   */
  losses = 0;

  /** Adds a listener of other nodes' chat events; returns the function that removes it. */
  onChat(listener: (event: ChatEvent) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  private dispatch(e: GameEvent | ChatEvent): void {
    if (!isChatEvent(e)) return this.opts.onEvent(e);
    for (const listener of this.chatListeners) {
      try {
        listener(e);
      } catch (err) {
        this.opts.onError(err);
      }
    }
  }
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  /** Whether this node is listening now (false from a loss until the connection is back). */
  get listening(): boolean {
    return this.listener !== undefined && this.recovering === undefined;
  }

  /** The listening backend's process id on PostgreSQL. */
  get listenerPid(): number | undefined {
    return this.listener?.pid;
  }

  private handle(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { origin, event, events } = JSON.parse(payload) as { origin: string; event?: GameEvent; events?: (GameEvent | ChatEvent)[] };
      if (origin === this.nodeId) return;
      if (event) this.opts.onEvent(event);
      for (const e of events ?? []) this.dispatch(e);
    } catch (err) {
      this.opts.onError(err);
    }
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.listener = await this.open();
    this.running = true;
    this.startPing();
    this.opts.log?.info({ nodeId: this.nodeId, backendPid: this.listener.pid }, 'listening to other nodes');
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flush();
    clearTimeout(this.retryTimer);
    this.wake?.();
    await this.recovering;
    this.stopPing();
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await listener.close().catch((err) => this.opts.onError(err));
  }

  /**
   * Drops the listening connection the way a fault would, and recovers as from one. For tests on
   * PGlite, whose embedded listener cannot be lost otherwise (on PostgreSQL they end the backend).
   */
  dropListener(): void {
    if (this.listener) this.lost(this.listener, new Error('listener dropped on purpose'));
  }

  private async open(): Promise<Listener> {
    const pool = this.database.kind === 'postgres' ? this.database.pool : undefined;
    if (pool) return this.openPostgres(pool);
    const client = (this.database.db as unknown as { $client?: PgliteListener }).$client;
    const unlisten = client && typeof client.listen === 'function' ? await client.listen(CHANNEL, (payload) => this.handle(payload)) : undefined;
    return { pid: undefined, ping: async () => {}, close: async () => unlisten?.() };
  }

  /** A connection of its own (not the pool's): it lives as long as the node and is replaced when lost. */
  private async openPostgres(pool: pg.Pool): Promise<Listener> {
    const { Client } = (await import('pg')).default;
    const client = new Client({
      ...pool.options,
      application_name: `${LISTENER_APPLICATION}${this.nodeId}`,
      connectionTimeoutMillis: this.timing.connectTimeoutMs,
      keepAlive: true,
    });
    let closed = false;
    const listener: Listener = {
      pid: undefined,
      ping: (timeoutMs) => withTimeout(client.query('select 1'), timeoutMs, 'the listening connection did not answer').then(() => {}),
      close: async () => {
        closed = true;
        // With a query hanging on a dead socket, pg destroys the socket instead of waiting.
        await withTimeout(client.end(), this.timing.pingTimeoutMs, 'closing the listening connection timed out').catch(() => {});
      },
    };
    const gone = (err: Error) => {
      if (!closed) this.lost(listener, err);
    };
    client.on('error', gone);
    client.on('end', () => gone(new Error('the listening connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL) this.handle(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      await listener.close();
      throw err;
    }
    listener.pid = (client as unknown as { processID: number | null }).processID ?? undefined;
    return listener;
  }

  /** A connection is gone: close it, and unless stopping or already recovering, recover. */
  private lost(listener: Listener, err: unknown): void {
    if (listener !== this.listener) return;
    this.listener = undefined;
    this.losses++;
    this.stopPing();
    void listener.close().catch(() => {});
    if (!this.running || this.recovering) return;
    this.opts.log?.warn({ err, nodeId: this.nodeId }, 'lost the connection listening to other nodes; reconnecting');
    const since = Date.now();
    this.recovering = this.recover(since).finally(() => (this.recovering = undefined));
  }

  /** Re-opens the listener with back-off; once it listens, resyncs (a failure there retries too). */
  private async recover(since: number): Promise<void> {
    let resyncFailed = false;
    for (let attempt = 1; this.running; attempt++) {
      await this.pause(retryDelay(attempt, this.timing.retryFirstMs, this.timing.retryMaxMs));
      if (!this.running) return;
      let listener: Listener | undefined;
      try {
        listener = await this.open();
        if (!this.running) return void (await listener.close());
        // Listening before reading the database: nothing done meanwhile falls between the two.
        this.listener = listener;
        await this.opts.resync?.();
      } catch (err) {
        // Failing to connect is what an outage does; a resync failing on a live connection is reported (once).
        if (listener && this.listener === listener) {
          if (!resyncFailed) this.opts.onError(err);
          resyncFailed = true;
          this.lost(listener, err);
        }
        continue;
      }
      if (this.listener !== listener) continue; // lost again while resyncing
      if (!this.running) return;
      this.startPing();
      this.opts.log?.info(
        { nodeId: this.nodeId, backendPid: listener.pid, attempts: attempt, downMs: Date.now() - since },
        'listening to other nodes again; caught up from the database',
      );
      return;
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.retryTimer = setTimeout(resolve, ms);
    });
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      const listener = this.listener;
      if (!listener || this.pinging) return;
      this.pinging = true;
      listener
        .ping(this.timing.pingTimeoutMs)
        .catch((err) => this.lost(listener, err))
        .finally(() => (this.pinging = false));
    }, this.timing.pingMs);
    this.pingTimer.unref();
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  /**
   * Sends an event that is already committed (a bet) to the other nodes within `BATCH_MS`, batched
   * with the others of that moment in one NOTIFY outside any transaction. Why not inside the bet's
   * own transaction: PostgreSQL serialises every committing transaction that has notified (one
   * database-wide lock held through the commit's WAL flush), which capped bets at one per flush.
   * The feed is a display of committed bets; a node that dies before sending loses only that
   * display on the other nodes (their resync reloads recent state from the database). A chat message
   * travels the same way (a client that missed one reads it with chat.list from its last id).
   */
  publishAfterCommit(event: GameEvent | ChatEvent): void {
    this.pending.push(event);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, BATCH_MS);
  }

  /** Sends the waiting events now, in as few NOTIFYs as their size allows. */
  flush(): Promise<void> {
    const events = this.pending;
    this.pending = [];
    if (events.length === 0) return this.flushing;
    // Each event's JSON once; a payload is `{"origin":…,"events":[` + the events joined by commas + `]}`,
    // measured in bytes as NOTIFY counts them.
    const head = `{"origin":${JSON.stringify(this.nodeId)},"events":[`;
    const payloads: string[] = [];
    let batch: string[] = [];
    let size = 0;
    const close = () => {
      if (batch.length > 0) payloads.push(`${head}${batch.join(',')}]}`);
      batch = [];
      size = head.length + 2;
    };
    close();
    for (const e of events) {
      const json = JSON.stringify(e);
      const bytes = Buffer.byteLength(json);
      if (head.length + bytes + 2 > MAX_PAYLOAD) continue; // too big to send: the other nodes' resync covers it
      if (batch.length > 0 && size + 1 + bytes > MAX_PAYLOAD) close();
      size += (batch.length > 0 ? 1 : 0) + bytes;
      batch.push(json);
    }
    close();
    this.flushing = this.flushing.then(async () => {
      for (const payload of payloads) {
        await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`).catch((err) => this.opts.onError(err));
      }
    });
    return this.flushing;
  }

  /** Queues the event in the caller's transaction (delivered at commit). */
  async publish(tx: DbOrTx, event: GameEvent): Promise<void> {
    const payload = JSON.stringify({ origin: this.nodeId, event });
    if (payload.length > MAX_PAYLOAD) return; // NOTIFY's payload limit; the scheduler's resync covers it
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }
}

/** Exponential back-off from `firstMs`, capped at `maxMs`, with jitter (half to all of it): nodes that lost their listeners together do not all come back at once. */
export function retryDelay(attempt: number, firstMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.min(attempt - 1, 30));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
