/**
 * inTransaction (db/transaction.ts): a transaction PostgreSQL rolls back for a deadlock (40P01) or a
 * serialization failure (40001) is run again, a bounded number of times, each retry logged without
 * the query's parameters; any other failure is thrown at once.
 * On PostgreSQL the deadlock is a real one between two connections; PGlite has a single connection
 * (no two transactions can wait on each other), so there — and on PostgreSQL too — the database
 * itself raises the SQLSTATE from a function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, usingPostgres } from '../helpers.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { sqlStateOf } from '../../src/db/failures.js';
import { inTransaction, logTransactionRetries, MAX_ATTEMPTS } from '../../src/db/transaction.js';

let database: Database;
const logged: { details: Record<string, unknown>; message: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  logTransactionRetries(database.db, { warn: (details, message) => logged.push({ details, message }) });
  await database.db.execute(sql`create table race_rows (id int primary key, n int not null)`);
  await database.db.execute(sql`
    create function force_failure(state text, note text) returns void language plpgsql as $$
    begin raise exception 'forced failure' using errcode = state; end $$`);
});
afterAll(async () => {
  await database.close();
});

async function resetRows() {
  await database.db.execute(sql`delete from race_rows`);
  await database.db.execute(sql`insert into race_rows values (1, 0), (2, 0)`);
  logged.length = 0;
}

const counts = async () =>
  Object.fromEntries((await queryRows<{ id: number; n: number }>(database.db, sql`select id, n from race_rows order by id`)).map((r) => [r.id, r.n]));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

// Only where two connections exist: on PGlite the second transaction waits for the first to end, so
// the two sides could never hold one row each (the SQLSTATE tests below run on both databases).
if (usingPostgres)
  describe('a real deadlock between two transactions (PostgreSQL)', () => {
    /**
     * Two transactions each add 1 to both rows, in opposite orders, each taking its second row only
     * once the other holds its first: PostgreSQL must kill one of them (40P01). Which one is decided by
     * their deadlock_timeout: the detector runs in `a` after 50 ms, long before `b`'s 10 s, and ends `a`.
     */
    function crossedPair(attempts?: number) {
      const runs = { a: 0, b: 0 };
      const locked = { a: deferred(), b: deferred() };
      const side = (me: 'a' | 'b', other: 'a' | 'b', first: number, second: number) =>
        inTransaction(
          database.db,
          async (tx) => {
            runs[me]++;
            await tx.execute(sql.raw(`set local deadlock_timeout = '${me === 'a' ? '50ms' : '10s'}'`));
            await tx.execute(sql`update race_rows set n = n + 1 where id = ${first}`);
            locked[me].resolve();
            await locked[other].promise;
            await tx.execute(sql`update race_rows set n = n + 1 where id = ${second}`);
            return me;
          },
          { attempts },
        );
      return { runs, results: Promise.allSettled([side('a', 'b', 1, 2), side('b', 'a', 2, 1)]) };
    }

    it('the transaction PostgreSQL killed runs again and commits; both changes are there; the retry is logged', async () => {
      await resetRows();
      const { runs, results } = crossedPair();
      const settled = await results;
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(runs).toEqual({ a: 2, b: 1 });
      expect(await counts()).toEqual({ 1: 2, 2: 2 });
      expect(logged).toHaveLength(1);
      expect(logged[0]!.details).toMatchObject({ sqlState: '40P01', attempt: 1, of: MAX_ATTEMPTS });
      expect(logged[0]!.message).toBe('transaction deadlocked; running it again');
    });

    it("with no retry allowed, the loser fails with the database's own deadlock error and only the winner's change stays", async () => {
      await resetRows();
      const { runs, results } = crossedPair(1);
      const settled = await results;
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled']);
      expect(sqlStateOf((settled[0] as PromiseRejectedResult).reason)).toBe('40P01');
      expect(runs).toEqual({ a: 1, b: 1 });
      expect(await counts()).toEqual({ 1: 1, 2: 1 });
      expect(logged).toEqual([]);
    });
  });

describe('retries decided by the SQLSTATE the database raised', () => {
  const SECRET = 'do-not-log-this-7f3a';

  it("a deadlock or serialization failure on the first run: run again, the first run's writes undone", async () => {
    for (const state of ['40P01', '40001']) {
      await resetRows();
      let runs = 0;
      const answer = await inTransaction(database.db, async (tx) => {
        runs++;
        await tx.execute(sql`update race_rows set n = n + 1 where id = 1`);
        if (runs === 1) await tx.execute(sql`select force_failure(${state}, ${SECRET})`);
        return 'done';
      });
      expect(answer).toBe('done');
      expect(runs).toBe(2);
      expect(await counts()).toEqual({ 1: 1, 2: 0 });
      expect(logged.map((l) => l.details.sqlState)).toEqual([state]);
    }
  });

  it(`gives up after ${MAX_ATTEMPTS} runs with the last run's own error, every retry logged without the query's parameters`, async () => {
    await resetRows();
    let runs = 0;
    const failure = await inTransaction(database.db, async (tx) => {
      runs++;
      await tx.execute(sql`update race_rows set n = n + 1 where id = 2`);
      await tx.execute(sql`select force_failure('40P01', ${SECRET})`);
    }).catch((err: unknown) => err);
    expect(runs).toBe(MAX_ATTEMPTS);
    expect(sqlStateOf(failure)).toBe('40P01');
    expect(await counts()).toEqual({ 1: 0, 2: 0 });
    expect(logged.map((l) => l.details.attempt)).toEqual([1, 2, 3]);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('any other failure is thrown at once, without a retry', async () => {
    await resetRows();
    let runs = 0;
    const failure = await inTransaction(database.db, async (tx) => {
      runs++;
      await tx.execute(sql`select force_failure('23505', ${SECRET})`);
    }).catch((err: unknown) => err);
    expect(runs).toBe(1);
    expect(sqlStateOf(failure)).toBe('23505');
    expect(logged).toEqual([]);
  });

  it('inside another transaction it is a savepoint and never runs again (the outer transaction is what failed)', async () => {
    await resetRows();
    let inner = 0;
    const failure = await inTransaction(
      database.db,
      async (outer) =>
        inTransaction(outer, async (tx) => {
          inner++;
          await tx.execute(sql`select force_failure('40P01', ${SECRET})`);
        }),
      { attempts: 1 },
    ).catch((err: unknown) => err);
    expect(inner).toBe(1);
    expect(sqlStateOf(failure)).toBe('40P01');
  });
});
