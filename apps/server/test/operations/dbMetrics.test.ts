/**
 * The database pool's metrics on node-postgres's own pool, against a socket that accepts and never
 * answers: a query holding the only connection's attempt and one waiting behind it show as
 * `lucky28_db_pool_waiting_requests` 1 at a scrape; when the attempts time out, each checkout's wait is
 * in `lucky28_db_pool_acquire_duration_seconds` and the failures count as `unavailable`.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { countDatabaseError, watchPool } from '../../src/metrics/dbPool.js';
import { ServerMetrics } from '../../src/metrics/serverMetrics.js';

const sockets = new Set<net.Socket>();
const silent = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const port = (silent.address() as net.AddressInfo).port;
const database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/lucky28`, 1);
afterAll(async () => {
  await database.close().catch(() => {});
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const series = async (metrics: ServerMetrics, name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;

describe('database pool metrics', () => {
  it('shows a query waiting for the only connection, then each wait and each failure', async () => {
    const metrics = new ServerMetrics();
    watchPool(database.pool!, metrics);
    const failures: unknown[] = [];
    const queries = [1, 2].map(() => queryRows(database.db, sql`select 1`).catch((err: unknown) => failures.push(err)));
    await new Promise((resolve) => setImmediate(resolve));
    await metrics.text();
    expect((await series(metrics, 'lucky28_db_pool_waiting_requests'))[0]!.value).toBe(1);
    expect((await series(metrics, 'lucky28_db_pool_connections')).find((v) => v.labels.state === 'busy')!.value).toBe(1);

    await Promise.all(queries);
    expect(failures).toHaveLength(2);
    for (const err of failures) expect(countDatabaseError(metrics, err)).toBe(true);
    const waits = (await series(metrics, 'lucky28_db_pool_acquire_duration_seconds')) as { metricName?: string; value: number }[];
    expect(waits.find((v) => v.metricName === 'lucky28_db_pool_acquire_duration_seconds_count')!.value).toBe(2);
    expect((await series(metrics, 'lucky28_db_query_errors_total')).find((v) => v.labels.kind === 'unavailable')!.value).toBe(2);
  });

  it('counts a failure by its SQLSTATE class, and nothing for an error that is not the database’s', () => {
    const metrics = new ServerMetrics();
    expect(countDatabaseError(metrics, Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(true);
    expect(countDatabaseError(metrics, new Error('not a database error'))).toBe(false);
    return series(metrics, 'lucky28_db_query_errors_total').then((values) => {
      expect(values.map((v) => [v.labels.kind, v.value])).toEqual([['23', 1]]);
    });
  });
});
