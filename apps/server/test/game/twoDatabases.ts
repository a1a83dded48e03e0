import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openPostgres, type Database } from '../../src/db/client.js';
import { createScratchDatabase, openMigratedPglite } from '../helpers.js';
import { assertInvariants } from '../invariantsAfterFile.js';
import { seedGames } from './kit.js';

/**
 * One database for two server nodes. On PostgreSQL (TEST_DATABASE_URL) a scratch database named after
 * `scratchPrefix`, with a pool per node as two processes would have; on PGlite both nodes share the one
 * embedded database. The nodes' own `close` leaves it open; `cleanup` closes (and drops) it.
 */
export async function openTwoDatabases(scratchPrefix: string): Promise<{ a: Database; b: Database; cleanup: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const shared = await openMigratedPglite();
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

export interface TwoNodes {
  nodeA: FastifyInstance;
  nodeB: FastifyInstance;
  /** Closes both nodes, then reconciles, closes (and drops) the database. */
  close: () => Promise<void>;
}

/**
 * Two app instances on one database (openTwoDatabases), both ready, without schedulers, with short hash
 * chains, on `clock` (default: the system's) and the test configuration plus `config`, checking their
 * answers against the API contract when `checkAnswers`; the five games and their rooms seeded (through node A).
 */
export async function startTwoNodes(scratchPrefix: string, opts: { clock?: Clock; config?: Partial<Config>; checkAnswers?: boolean } = {}): Promise<TwoNodes> {
  const { a, b, cleanup } = await openTwoDatabases(scratchPrefix);
  const config = { ...loadConfig({}), scheduler: false, ...opts.config };
  const { clock, checkAnswers } = opts;
  const nodeA = await buildApp({ config, database: a, clock, logger: false, checkAnswers });
  const nodeB = await buildApp({ config, database: b, clock, logger: false, checkAnswers });
  await nodeA.ready();
  await nodeB.ready();
  await seedGames(nodeA.db);
  for (const node of [nodeA, nodeB]) {
    node.game.chain.length = 64;
    node.game.chain.spare = 8;
  }
  return {
    nodeA,
    nodeB,
    close: async () => {
      await nodeA.close();
      await nodeB.close();
      await cleanup();
    },
  };
}

/** Reconciles the database (test/invariantsAfterFile.ts), closes it, then throws what the check found. */
async function closeChecked(database: Database, close: () => Promise<void>): Promise<void> {
  let failure: unknown;
  await assertInvariants(database).catch((err: unknown) => (failure = err));
  await close();
  if (failure) throw failure;
}
