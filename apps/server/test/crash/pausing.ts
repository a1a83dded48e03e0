/**
 * What the pausing entries in this folder share: the data as `src/server.ts` opens it, and the pause
 * itself — a line the crash test waits for, then a wait that never ends, until the test kills the
 * process.
 */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';

/** The configuration from the environment and its database, migrated. */
export async function openConfiguredData() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  return { config, database };
}

/** Prints `PAUSED <label>` and never returns. */
export async function pauseHere(label: string): Promise<never> {
  process.stdout.write(`PAUSED ${label}\n`);
  return new Promise<never>(() => {});
}
