/**
 * Test-only (never part of the product): the real server, seeded as `npm run start` seeds it, on a clock
 * the Playwright specs move (e2e/tests/clockServer.ts starts it; the referral and rewards specs use it).
 * The clock starts CLOCK_BEFORE_MIDNIGHT_MS (default 150 s) before the operator's next midnight, so a
 * spec knows where in the operator-day it is. Commands on stdin, one a line, each answered on stdout:
 * - `gift <userId> <cents>`: funds a player as the unit tests' fixture does (a type-4 ledger row) →
 *   `GIFTED <userId>`;
 * - `campaign <json>`: saves a campaign (the console's campaignSave input without `starts_at`, which is
 *   a minute before the clock's now), its terms checked by the shared schema → `CAMPAIGN <id>`;
 * - `advance <ms>`: moves the clock on, then runs the referral days that are due, as the hourly
 *   housekeeping would → `RAN <days> TODAY <operator date> NOW <clock, ms>`.
 * Prints `LISTENING NOW <clock, ms>` once it listens; a command that fails prints `FAILED <message>`.
 */
import readline from 'node:readline';
import { campaignSaveSchema } from '@lucky28/shared';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { LedgerType, postLedger } from '../../src/domain/ledger/post.js';
import { runDueDays } from '../../src/domain/referral/commission.js';
import { saveCampaign } from '../../src/domain/rewards/campaigns.js';
import { zonedDate, zonedDayRange } from '../../src/domain/time.js';
import { seedDemoContent } from '../../src/seed/demo.js';

const config = loadConfig();
const real = Date.now();
const [, midnight] = zonedDayRange(zonedDate(real, config.timeZone), config.timeZone)!;
let offset = midnight - Number(process.env.CLOCK_BEFORE_MIDNIGHT_MS ?? 150_000) - real;
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
process.stdout.write(`LISTENING NOW ${clock.now()}\n`);

async function run(line: string): Promise<string> {
  const [command = '', ...args] = line.trim().split(/\s+/);
  const rest = line.trim().slice(command.length).trim();
  if (command === 'gift') {
    const [userId, cents] = args.map(Number);
    await app.db.transaction((tx) => postLedger(tx, { userId: userId!, type: LedgerType.gift, wallet: 'money', quantity: cents!, memo: 'e2e funds' }));
    return `GIFTED ${userId}`;
  }
  if (command === 'campaign') {
    const input = campaignSaveSchema.parse({ ...JSON.parse(rest), starts_at: Math.floor(clock.now() / 1000) });
    const { after } = await app.db.transaction((tx) => saveCampaign(tx, input, clock.now()));
    return `CAMPAIGN ${after.id}`;
  }
  if (command === 'advance') {
    offset += Number(args[0]);
    const days = await runDueDays(app.db, { now: clock.now(), timeZone: config.timeZone });
    return `RAN ${JSON.stringify(days)} TODAY ${zonedDate(clock.now(), config.timeZone)} NOW ${clock.now()}`;
  }
  return `FAILED unknown command ${command}`;
}

for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const answer = await run(line).catch((e: unknown) => `FAILED ${e instanceof Error ? e.message : String(e)}`);
  process.stdout.write(`${answer}\n`);
}
