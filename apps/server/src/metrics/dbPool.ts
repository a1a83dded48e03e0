/**
 * PostgreSQL pool metrics: connections by state and requests waiting (read at scrape), and how long
 * each checkout waited — node-postgres reports no waits, so the pool's `connect` (which its `query`
 * uses too) is timed. Nothing else of the pool changes.
 */
import type pg from 'pg';
import { isDatabaseUnavailable, sqlStateOf } from '../db/failures.js';
import type { ServerMetrics } from './serverMetrics.js';

type Connect = (callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) => unknown;

export function watchPool(pool: pg.Pool, metrics: ServerMetrics): void {
  const connect = pool.connect as unknown as Connect;
  const timed: Connect = function (this: pg.Pool, callback) {
    const started = performance.now();
    const waited = () => metrics.dbPoolWait.observe((performance.now() - started) / 1000);
    if (callback) {
      return connect.call(this, (err, client, done) => {
        waited();
        callback(err, client, done);
      });
    }
    return (connect.call(this) as Promise<pg.PoolClient>).then(
      (client) => {
        waited();
        return client;
      },
      (err: unknown) => {
        waited();
        throw err;
      },
    );
  };
  (pool as unknown as { connect: Connect }).connect = timed;
  pool.on('error', (err) => countDatabaseError(metrics, err));
  metrics.onScrape(() => {
    metrics.dbPoolConnections.set({ state: 'idle' }, pool.idleCount);
    metrics.dbPoolConnections.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
    metrics.dbPoolWaiting.set(pool.waitingCount);
  });
}

/** Counts a failure when it is the database's (unavailable, or an SQLSTATE by its class); whether it was. */
export function countDatabaseError(metrics: ServerMetrics, err: unknown): boolean {
  if (isDatabaseUnavailable(err)) {
    metrics.dbErrors.inc({ kind: 'unavailable' });
    return true;
  }
  const state = sqlStateOf(err);
  if (state === undefined) return false;
  metrics.dbErrors.inc({ kind: state.slice(0, 2) });
  return true;
}
