/**
 * The server as `src/server.ts` starts it, except that a balance adjustment's transaction stops once its
 * money has moved (PAUSE_AT `post`: a direct post's ledger row written; `approve`: an approval's held row
 * passed or its credit written), before the audit row and the commit, prints `PAUSED <step>` and waits
 * there, to be killed by the crash test.
 */
import { buildApp } from '../../src/app.js';
import { adjustmentFaults } from '../../src/domain/wallet/adjustments.js';
import { openConfiguredData, pauseHere } from './pausing.js';

const point = process.env.PAUSE_AT;
if (point !== 'post' && point !== 'approve') throw new Error('PAUSE_AT must be post or approve');

const { config, database } = await openConfiguredData();
const app = await buildApp({ config, database, logger: false });
adjustmentFaults.afterPost = async (step) => {
  if (step === point) await pauseHere(step);
};
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');
