import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { createScratchDatabase } from '../helpers.js';
import { assertInvariants } from '../invariantsAfterFile.js';

/**
 * One database for two server nodes. On PostgreSQL (TEST_DATABASE_URL) a scratch database named after
 * `scratchPrefix`, with a pool per node as two processes would have; on PGlite both nodes share the one
 * embedded database. The nodes' own `close` leaves it open; `cleanup` closes (and drops) it.
 */
export async function openTwoDatabases(scratchPrefix: string): Promise<{ a: Database; b: Database; cleanup: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const shared = await openPglite(undefined);
    await shared.migrate();
    const view = (): Database => ({ ...shared, close: async () => {} });
    return { a: view(), b: view(), cleanup: () => closeChecked(shared, () => shared.close()) };
  }
  const scratch = await createScratchDatabase(url, scratchPrefix);
  const [a, b] = [await openPostgres(scratch.url, 10), await openPostgres(scratch.url, 10)];
  await a.migrate();
  const close = [a.close, b.close];
  a.close = b.close = async () => {};
  return {
    a,
    b,
    cleanup: () =>
      closeChecked(a, async () => {
        for (const c of close) await c();
        await scratch.drop();
      }),
  };
}

/** Reconciles the database (test/invariantsAfterFile.ts), closes it, then throws what the check found. */
async function closeChecked(database: Database, close: () => Promise<void>): Promise<void> {
  let failure: unknown;
  await assertInvariants(database).catch((err: unknown) => (failure = err));
  await close();
  if (failure) throw failure;
}
