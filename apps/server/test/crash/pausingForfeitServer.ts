/**
 * The server as `src/server.ts` starts it, except that a bonus forfeit's transaction stops just before
 * its commit (the forfeit's claim row and ledger rows written), prints `PAUSED forfeit` and waits
 * there, to be killed by the crash test.
 */
import { buildApp } from '../../src/app.js';
import { forfeitFaults } from '../../src/domain/rewards/forfeit.js';
import { openConfiguredData, pauseHere } from './pausing.js';

const { config, database } = await openConfiguredData();
const app = await buildApp({ config, database, logger: false });
forfeitFaults.beforeCommit = () => pauseHere('forfeit');
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');
