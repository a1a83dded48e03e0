/**
 * The server as `src/server.ts` starts it, except that a reward claim's transaction stops just before
 * its commit (every claim row and ledger row written), prints `PAUSED claim` and waits there, to be
 * killed by the crash test.
 */
import { buildApp } from '../../src/app.js';
import { claimFaults } from '../../src/domain/rewards/claim.js';
import { openConfiguredData, pauseHere } from './pausing.js';

const { config, database } = await openConfiguredData();
const app = await buildApp({ config, database, logger: false });
claimFaults.beforeCommit = () => pauseHere('claim');
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');
