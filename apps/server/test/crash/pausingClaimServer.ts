/**
 * The server as `src/server.ts` starts it, except that a reward claim's transaction stops just before
 * its commit (every claim row and ledger row written), prints `PAUSED claim` and waits there, to be
 * killed by the crash test.
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { claimFaults } from '../../src/domain/rewards/claim.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
claimFaults.beforeCommit = async () => {
  process.stdout.write('PAUSED claim\n');
  await new Promise(() => {});
};
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');
