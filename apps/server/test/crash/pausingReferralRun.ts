/**
 * The referral run as the server does it (domain/referral/dailyRun.ts, on the same data), except that
 * its transaction stops after computing and paying a day — rows written, referrers credited, nothing
 * committed —, prints `PAUSED <day>` and waits there, to be killed by the crash test. RUN_AT: the
 * run's time (ms since the epoch).
 */
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { referralFaults, runDueDays } from '../../src/domain/referral/dailyRun.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
referralFaults.beforeCommit = async (day) => {
  process.stdout.write(`PAUSED ${day}\n`);
  await new Promise(() => {});
};
await runDueDays(database.db, { now: Number(process.env.RUN_AT), timeZone: config.timeZone });
