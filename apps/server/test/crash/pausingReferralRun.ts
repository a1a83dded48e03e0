/**
 * The referral run as the server does it (domain/referral/commission.ts, on the same data), except that
 * its transaction stops after computing and paying a day — rows written, referrers credited, nothing
 * committed —, prints `PAUSED <day>` and waits there, to be killed by the crash test. RUN_AT: the
 * run's time (ms since the epoch).
 */
import { referralFaults, runDueDays } from '../../src/domain/referral/commission.js';
import { openConfiguredData, pauseHere } from './pausing.js';

const { config, database } = await openConfiguredData();
referralFaults.beforeCommit = (day) => pauseHere(day);
await runDueDays(database.db, { now: Number(process.env.RUN_AT), timeZone: config.timeZone });
