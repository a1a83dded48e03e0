/**
 * Test-only (never part of the product): the real server for the referral spec on a clock that starts
 * 150 s before the operator's midnight, so that a day ends while the spec runs. Commands on stdin:
 * - `gift <userId> <cents>`: funds a player as the unit tests' fixture does (a type-4 ledger row);
 * - `advance <ms>`: moves the clock on, then runs the referral days that are due, as the hourly
 *   housekeeping would, and prints `RAN <days>`.
 * Prints `LISTENING` once it listens.
 */
import readline from 'node:readline';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { LedgerType, postLedger } from '../../src/domain/ledger/post.js';
import { runDueDays } from '../../src/domain/referral/dailyRun.js';
import { zonedDate, zonedDayRange } from '../../src/domain/time.js';
import { seedDemoContent } from '../../src/seed/demo.js';

const config = loadConfig();
const real = Date.now();
const [, midnight] = zonedDayRange(zonedDate(real, config.timeZone), config.timeZone)!;
let offset = midnight - 150_000 - real;
const clock = { now: () => Date.now() + offset };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database, clock });
await seedDemoContent(app.db, {
  demoPassword: config.demoPassword,
  operatorPassword: config.operatorPassword,
  log: app.log,
  roundSeconds: config.roundSeconds,
});
await app.listen({ port: config.port, host: config.host });
process.stdout.write('LISTENING\n');

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, a, b] = line.trim().split(/\s+/);
  if (command === 'gift') {
    await app.db.transaction((tx) => postLedger(tx, { userId: Number(a), type: LedgerType.gift, wallet: 'money', quantity: Number(b), memo: 'e2e funds' }));
    process.stdout.write(`GIFTED ${a}\n`);
  } else if (command === 'advance') {
    offset += Number(a);
    const days = await runDueDays(app.db, { now: clock.now(), timeZone: config.timeZone });
    process.stdout.write(`RAN ${JSON.stringify(days)}\n`);
  }
}
