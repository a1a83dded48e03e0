/**
 * What a failover or switchover does to requests in flight is "database unavailable", never a server
 * error (docs/operations.md, "PostgreSQL failover"): a write that reaches a member which is no longer
 * the primary (read_only_sql_transaction, 25006), and a connection the demoted member ends
 * (pg_terminate_backend: admin shutdown 57P01, then "Connection terminated") are answered 503 with
 * Retry-After and the localised message, through the real app. The read-only member is a real
 * database in read-only mode, as a demoted leader is.
 */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { translate } from '@lucky28/shared';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS, envelopePlugin } from '../../src/plugins/envelope.js';
import { createScratchDatabase, createTestApp, registerUser, usingPostgres, callApi } from '../helpers.js';
import { isDatabaseUnavailable, sqlStateOf } from '../../src/db/failures.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/**
 * A migrated database, and a way to make it what a demoted member is: every transaction read-only.
 * On PostgreSQL the database is set read-only and its sessions ended (as a demotion ends them), so
 * the pool's next connections come up read-only; PGlite has one session, switched over.
 */
async function demotableDatabase(): Promise<{ writable: Database; demote: () => Promise<void> }> {
  if (usingPostgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'failover_t');
    const writable = await openPostgres(scratch.url, 5);
    await writable.migrate();
    cleanups.push(
      () => scratch.drop(),
      () => writable.close(),
    );
    const name = new URL(scratch.url).pathname.slice(1);
    return {
      writable,
      demote: async () => {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`alter database ${name} set default_transaction_read_only = on`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        await admin.end();
        // The pool drops each ended idle client when its socket reports the end.
        for (let i = 0; i < 50 && writable.pool!.idleCount > 0; i++) await new Promise((r) => setTimeout(r, 50));
      },
    };
  }
  const database = await openPglite(undefined);
  await database.migrate();
  cleanups.push(() => database.close());
  return { writable: database, demote: async () => void (await database.db.execute(sql`set default_transaction_read_only = on`)) };
}

const { writable, demote } = await demotableDatabase();
const app = await createTestApp({ database: writable });
const player = await registerUser(app);
await demote();

describe('a write reaching a member that is no longer the primary', () => {
  it('is PostgreSQL 25006, which counts as "database unavailable"', async () => {
    const failure = await writable.db.execute(sql`create table failover_probe (x int)`).catch((err: unknown) => err);
    expect(sqlStateOf(failure)).toBe('25006');
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it('a sign-in (it writes the session) is answered 503 with Retry-After, in each language', async () => {
    for (const lang of ['en', 'zh', 'tw', 'vi'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: api.user.login.path,
        payload: { lang, account: player.username, password: player.password },
        remoteAddress: '10.77.0.1',
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ code: 0, msg: translate(lang, 'err.service_unavailable'), data: null });
    }
  });

  it('a read on the same member still answers', async () => {
    const res = await callApi(app, api.user.userInfo, {}, { token: player.token });
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
  });
});

// A backend is ended from another connection, as Patroni's demotion (a fast shutdown) does; PGlite has one.
if (usingPostgres)
  describe('the connection ended under a request (PostgreSQL)', () => {
    it('answers 503 with Retry-After in the language asked, and the pool serves the next request', async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'failover_t');
      const url = new URL(scratch.url);
      url.searchParams.set('application_name', 'failover_victim');
      const victim = await openPostgres(url.toString(), 2);
      cleanups.push(
        () => scratch.drop(),
        () => victim.close(),
      );
      const app = Fastify({ logger: false });
      await app.register(envelopePlugin);
      app.post('/slow', async (_request, reply) => reply.ok(await victim.db.execute(sql`select pg_sleep(30)`)));
      app.post('/quick', async (_request, reply) => reply.ok(await victim.db.execute(sql`select 1 as one`)));
      await app.ready();
      cleanups.push(() => app.close());
      const slow = app.inject({ method: 'POST', url: '/slow', payload: { lang: 'vi' } });
      let ended = 0;
      for (let i = 0; i < 100 && ended === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const { rows } = await victim.pool!.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'failover_victim' and query like '%pg_sleep%' and pid <> pg_backend_pid()",
        );
        ended = rows.filter((r) => r.ended).length;
      }
      expect(ended).toBe(1);
      const res = await slow;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ code: 0, msg: translate('vi', 'err.service_unavailable'), data: null });
      expect((await app.inject({ method: 'POST', url: '/quick', payload: {} })).statusCode).toBe(200);
    });
  });
