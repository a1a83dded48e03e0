/**
 * Which database serves a read that grows with history (docs/operations.md, "Reads from replicas"):
 * the replicas' pool (DATABASE_READ_URL) when it has replayed past the player's last commit and lags
 * no more than DATABASE_READ_MAX_LAG_MS, else the primary. Without a read pool, always the primary.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from './client.js';
import { queryRows } from './query.js';
import { inTransaction } from './transaction.js';

/** How long one look at the replica's replay position is used for every read, ms. */
export const REPLAY_STATUS_MS = 100;
/** After a failed look (replica down), how long the primary serves everything before the next look, ms. */
const DOWN_RETRY_MS = 1_000;

/** A WAL position "X/Y" (two hex halves) as one number, for comparing. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

// Caught up with all it has received = no lag, however long ago the last commit was replayed (an
// idle primary writes nothing to replay). Not a standby (replay null): no lag.
const REPLAY_STATUS_SQL = `select pg_last_wal_replay_lsn()::text as replayed,
  case when pg_last_wal_replay_lsn() is null or pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() then 0
       else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end as lag_ms`;

interface ReplayStatus {
  /** Replayed up to here; null = not a standby (the read URL reaches a primary): it holds every commit. */
  replayed: bigint | null;
  lagMs: number;
  usable: boolean;
  at: number;
}

export class ReplicaReads {
  private status: ReplayStatus | undefined;
  private looking: Promise<ReplayStatus> | undefined;

  constructor(
    private readonly primary: Db,
    private readonly replica: Database | undefined,
    private readonly maxLagMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a read pool exists (DATABASE_READ_URL on PostgreSQL): without one every read is the primary's. */
  get hasReplica(): boolean {
    return this.replica !== undefined;
  }

  /**
   * Runs a read of one player's history on the replica only once it has replayed past `commitLsn`
   * (the player's last commit, null = none recorded) and within the lag bound, else on the primary.
   * The replay is checked again on the read's own connection: behind HAProxy's replica port two
   * connections may reach two replicas, and the one looked at may be ahead of the one read.
   */
  async readForPlayer<T>(commitLsn: string | null | undefined, read: (db: DbOrTx) => Promise<T>): Promise<T> {
    const mustHave = commitLsn ? lsnValue(commitLsn) : null;
    if (!(await this.replicaServes(mustHave))) return read(this.primary);
    if (mustHave === null) return read(this.replica!.db);
    const served = await inTransaction(this.replica!.db, async (tx) => {
      const [row] = await queryRows<{ has: boolean }>(tx, sql`select coalesce(pg_last_wal_replay_lsn() >= ${commitLsn}::pg_lsn, true) as has`);
      return row!.has ? { value: await read(tx) } : undefined;
    });
    return served ? served.value : read(this.primary);
  }

  /** The database for a console report or list: the replica within the lag bound, else the primary. */
  async forReport(): Promise<Db> {
    return (await this.replicaServes(null)) ? this.replica!.db : this.primary;
  }

  /** Whether the replica may serve a read that must see the commit at `mustHave` (null = any). */
  async replicaServes(mustHave: bigint | null): Promise<boolean> {
    if (!this.replica) return false;
    const status = await this.replayStatus();
    if (!status.usable || status.lagMs > this.maxLagMs) return false;
    return mustHave === null || status.replayed === null || status.replayed >= mustHave;
  }

  private async replayStatus(): Promise<ReplayStatus> {
    const known = this.status;
    if (known && this.now() - known.at < (known.usable ? REPLAY_STATUS_MS : DOWN_RETRY_MS)) return known;
    // One look at a time: the reads arriving meanwhile wait for it instead of asking too.
    this.looking ??= this.look().finally(() => (this.looking = undefined));
    return this.looking;
  }

  private async look(): Promise<ReplayStatus> {
    let status: ReplayStatus;
    try {
      const { rows } = await this.replica!.pool!.query<{ replayed: string | null; lag_ms: string | number | null }>(REPLAY_STATUS_SQL);
      const row = rows[0]!;
      status = { replayed: row.replayed ? lsnValue(row.replayed) : null, lagMs: Number(row.lag_ms ?? 0), usable: true, at: this.now() };
    } catch {
      status = { replayed: null, lagMs: Infinity, usable: false, at: this.now() };
    }
    this.status = status;
    return status;
  }
}
