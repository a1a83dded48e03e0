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

  private handle(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { origin, event } = JSON.parse(payload) as { origin: string; event: GameEvent };
      if (origin !== this.nodeId) this.onEvent(event);
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
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten) await unlisten().catch((err) => this.onError(err));
  }

  /** Queues the event in the caller's transaction (delivered at commit). */
  async publish(tx: DbOrTx, event: GameEvent): Promise<void> {
    const payload = JSON.stringify({ origin: this.nodeId, event });
    if (payload.length > 7900) return; // NOTIFY's payload limit; the scheduler's resync covers it
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  }
}
