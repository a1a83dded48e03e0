/** What the importer's tests share: a Lucky28 test app on its own database, and a filled source in MariaDB. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, openTestDatabase, TEST_OPERATOR_KEY } from '../helpers.js';
import { ManualClock } from '../../src/clock.js';
import { T0 } from '../game/kit.js';
import type { Database } from '../../src/db/client.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { keyFromText } from '../../src/domain/operators/secretBox.js';
import { openSource } from '../../src/domain/import/source.js';
import { runImport, type ImportOptions } from '../../src/domain/import/run.js';
import type { ImportReport } from '../../src/domain/import/report.js';
import { createSourceDatabase, fillSource, type Generated, type SourceDb } from './pc28Source.js';

export const OPERATOR_PASSWORD = 'operator-pass-1';

export interface ImportWorld {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  source: SourceDb;
  gen: Generated;
  /** One run of the importer, in process, as the command runs it. */
  run(opts?: ImportOptions): Promise<ImportReport>;
}

/** A test app (with the demo player, so a source name collides with it) and a filled source, both dropped after the file. */
export async function importWorld(opts: { bulk?: number } = {}): Promise<ImportWorld> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-import-'));
  // A clock of our own, a few seconds into a round: bets are placed well before its close.
  const clock = new ManualClock(T0 + 5_000);
  const app = await createTestApp({ database, clock, config: { dataDir } });
  await seedDemoContent(app.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
  app.game.chain.length = 64;
  app.game.chain.spare = 8;
  await app.game.reloadConfig();
  const source = await createSourceDatabase();
  const gen = await fillSource(source.conn, { bulk: opts.bulk ?? 12, collideWith: 'demo' });
  afterAll(async () => {
    await source.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const key = keyFromText(TEST_OPERATOR_KEY);
  return {
    app,
    clock,
    database,
    source,
    gen,
    run: async (o = {}) => {
      const src = await openSource(source.url);
      try {
        return await runImport(database, src, key, { chunkSize: 7, hashWorkers: 2, now: () => clock.now(), ...o });
      } finally {
        await src.close();
      }
    },
  };
}
