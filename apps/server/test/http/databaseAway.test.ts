/**
 * A database that cannot be reached is not a server error: the request is refused with HTTP 503, a
 * Retry-After header and a localised message (plugins/envelope.ts), and never hangs past the pool's
 * connection timeout. The failures are node-postgres's own, against sockets that refuse, drop or
 * never answer the connection; the envelope is the app's own plugin.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from './ports.js';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { translate } from '@lucky28/shared';
import { CONNECT_TIMEOUT_MS, openPostgres, type Database } from '../../src/db/client.js';
import { envelopePlugin, DATABASE_RETRY_AFTER_SECONDS } from '../../src/plugins/envelope.js';
import { openTestDatabase, usingPostgres } from '../helpers.js';
import { queryRows } from '../../src/db/query.js';
import { isDatabaseUnavailable } from '../../src/db/failures.js';
import { inTransaction } from '../../src/db/transaction.js';

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

const databases: Database[] = [];
const pointedAt = async (port: number) => {
  const database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/lucky28`, 2);
  databases.push(database);
  return database;
};

const working = await openTestDatabase();
const app = Fastify({ logger: false });
await app.register(envelopePlugin);
const routes: Record<string, Database> = {
  refused: await pointedAt(await closedPort()),
  dropped: await pointedAt(await listen((socket) => socket.destroy())),
  silent: await pointedAt(await listen(() => {})),
};
for (const [name, database] of Object.entries(routes)) {
  app.post(`/query/${name}`, async (_request, reply) => reply.ok(await database.db.execute(sql`select 1`)));
}
app.post('/query/badInput', async (_request, reply) => reply.ok(await working.db.execute(sql`select ${'Connection terminated unexpectedly'}::int`)));
await app.ready();

afterAll(async () => {
  await app.close();
  for (const d of databases) await d.close().catch(() => {});
  await working.close();
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
});

const ask = (path: string, lang = 'en') => app.inject({ method: 'POST', url: path, payload: { lang } });

describe('the database cannot be reached', () => {
  it('connection refused: 503, Retry-After, the localised message', async () => {
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      const res = await ask('/query/refused', lang);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ code: 0, msg: translate(lang, 'err.service_unavailable'), data: null });
    }
    expect(translate('en', 'err.service_unavailable')).toBe('The service is briefly unavailable, please try again in a few seconds');
  });

  it('connection dropped by the server: 503 with Retry-After', async () => {
    const res = await ask('/query/dropped');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it(`a server that never answers: 503 once the connection timeout (${CONNECT_TIMEOUT_MS} ms) passes, not a request left hanging`, async () => {
    const res = await ask('/query/silent');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it('a failing query on a working database stays a 500, even when its parameters read like a lost connection', async () => {
    const res = await ask('/query/badInput');
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json().msg).toBe(translate('en', 'err.server_error'));
  });
});

// A backend can only be ended from another connection on a server; PGlite has neither.
if (usingPostgres)
  describe('a connection lost while a transaction holds it (PostgreSQL)', () => {
    it('fails that transaction as "database unavailable", the process goes on, and the pool serves again', async () => {
      const failure = await inTransaction(working.db, async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // Ended from another of this test's own connections, between two statements of the transaction.
        await working.pool!.query('select pg_terminate_backend($1)', [me!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      }).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      const [again] = await queryRows<{ ok: number }>(working.db, sql`select 1 as ok`);
      expect(again!.ok).toBe(1);
    });
  });
