/**
 * The server as `src/server.ts` starts it, except that a red packet claim's transaction stops just before
 * its commit (the claim row, its ledger row, the packet's counters and the room's post written), prints
 * `PAUSED packet` and waits there, to be killed by the crash test.
 */
import { buildApp } from '../../src/app.js';
import { packetClaimFaults } from '../../src/domain/promotions/claim.js';
import { openConfiguredData, pauseHere } from './pausing.js';

const { config, database } = await openConfiguredData();
const app = await buildApp({ config, database, logger: false });
packetClaimFaults.beforeCommit = () => pauseHere('packet');
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');
