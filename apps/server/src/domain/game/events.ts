/**
 * Fan-out of bet and draw events between server nodes (DESIGN §8) with PostgreSQL LISTEN/NOTIFY.
 * A notification is sent inside the writing transaction, so it is delivered only if that commits.
 * On PostgreSQL a dedicated pooled connection listens; on PGlite (one process) the embedded
 * database's own listener is used, which lets several engines share one database in tests.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';

export const CHANNEL = 'lucky28_game';
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

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export class GameEvents {
  readonly nodeId = randomUUID();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private database: Database,
    private onEvent: (event: GameEvent) => void,
    private onError: (err: unknown) => void,
  ) {}

  /** Bets waiting to be sent in the next batch (see publishAfterCommit). */
  private pending: GameEvent[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  private handle(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { origin, event, events } = JSON.parse(payload) as { origin: string; event?: GameEvent; events?: GameEvent[] };
      if (origin === this.nodeId) return;
      if (event) this.onEvent(event);
      for (const e of events ?? []) this.onEvent(e);
    } catch (err) {
      this.onError(err);
    }
  }

  async start(): Promise<void> {
    if (this.unlisten) return;
    if (this.database.kind === 'postgres' && this.database.pool) {
      const client = await this.database.pool.connect();
      client.on('notification', (msg) => {
        if (msg.channel === CHANNEL) this.handle(msg.payload);
      });
      client.on('error', (err) => this.onError(err));
      await client.query(`listen ${CHANNEL}`);
      this.unlisten = async () => {
        try {
          await client.query(`unlisten ${CHANNEL}`);
        } finally {
          client.release();
        }
      };
    } else {
      const client = (this.database.db as unknown as { $client?: PgliteListener }).$client;
      if (client && typeof client.listen === 'function') {
        this.unlisten = await client.listen(CHANNEL, (payload) => this.handle(payload));
      }
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flush();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten) await unlisten().catch((err) => this.onError(err));
  }

  /**
   * Sends an event that is already committed (a bet) to the other nodes within `BATCH_MS`, batched
   * with the others of that moment in one NOTIFY outside any transaction. Why not inside the bet's
   * own transaction: PostgreSQL serialises every committing transaction that has notified (one
   * database-wide lock held through the commit's WAL flush), which capped bets at one per flush.
   * The feed is a display of committed bets; a node that dies before sending loses only that
   * display on the other nodes (their resync reloads recent state from the database).
   */
  publishAfterCommit(event: GameEvent): void {
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
        await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`).catch((err) => this.onError(err));
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
