/**
 * A day's commission is computed and paid exactly once (issue 24): the run started many times at
 * once, by two app instances on one database (two connection pools on PostgreSQL), and after a crash
 * halfway through (a process killed with SIGKILL inside the run's transaction).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { runDueDays, runReferralDay } from '../../src/domain/referral/commission.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { seedGames, T0 } from '../game/kit.js';
import { openTwoDatabases, startTwoNodes } from '../game/twoDatabases.js';
import { crashData, killInsideTransaction } from '../crash/crashKit.js';
import { TEST_OPERATOR_KEY } from '../helpers.js';
import { commissionPayments, commissionRows, member, playRound, toNextDay } from './kit.js';

const NO_DIST = '/nonexistent/lucky28-test-dist';
const testConfig = (extra: Record<string, unknown> = {}) => ({
  ...loadConfig({}),
  scheduler: false,
  operatorSecretKey: TEST_OPERATOR_KEY,
  webDist: NO_DIST,
  adminDist: NO_DIST,
  ...extra,
});

async function gameNode(database: Database, clock: ManualClock, seed: boolean): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, clock, logger: false });
  await app.ready();
  if (seed) await seedGames(app.db);
  app.game.chain.length = 64;
  app.game.chain.spare = 8;
  await app.game.reloadConfig();
  return app;
}

/** A referrer and a friend who bets 1,000 u on big today: 7.50 u of commission tomorrow. */
async function friendBets(app: FastifyInstance, clock: ManualClock) {
  const referrer = await member(app);
  const friend = await member(app, referrer);
  await playRound(app, clock, [{ who: friend, playType: '1', money: '1000' }]);
  return { referrer, friend };
}

describe('a day is paid exactly once', () => {
  it('when the run is started many times at once', async () => {
    const clock = new ManualClock(T0 + 5_000);
    const { a, cleanup } = await openTwoDatabases('lucky28_ref1');
    const app = await gameNode(a, clock, true);
    try {
      const { referrer } = await friendBets(app, clock);
      toNextDay(clock);
      const runs = await Promise.all(Array.from({ length: 8 }, () => runDueDays(app.db, { now: clock.now(), timeZone: app.config.timeZone })));
      expect(runs.flat().filter((r) => r.computed)).toHaveLength(1);
      const again = await Promise.all(
        Array.from({ length: 4 }, () => runReferralDay(app.db, { day: runs.flat()[0]!.day, now: clock.now(), timeZone: app.config.timeZone })),
      );
      expect(again.map((r) => r.computed)).toEqual([false, false, false, false]);
      expect((await commissionRows(app.db, referrer.userId)).map((r) => r.amount)).toEqual([750]);
      expect((await commissionPayments(app.db, referrer.userId)).map((p) => p.quantity)).toEqual([750]);
    } finally {
      await app.close();
      await cleanup();
    }
  });

  it('when two app instances on one database run it at the same moment (housekeeping on both)', async () => {
    const clock = new ManualClock(T0 + 5_000);
    const { nodeA, nodeB, close } = await startTwoNodes('lucky28_ref2', { clock, config: testConfig() });
    for (const node of [nodeA, nodeB]) await node.game.reloadConfig();
    try {
      const { referrer } = await friendBets(nodeA, clock);
      toNextDay(clock);
      const passes = await Promise.all(
        [nodeA, nodeB, nodeA, nodeB].map((node) =>
          pruneOnce({ db: node.db, dataDir: node.config.dataDir, now: clock.now(), timeZone: node.config.timeZone, log: node.log }),
        ),
      );
      expect(passes.flatMap((p) => p.referralDays)).toHaveLength(1);
      expect((await commissionRows(nodeB.db, referrer.userId)).map((r) => r.amount)).toEqual([750]);
      expect((await commissionPayments(nodeB.db, referrer.userId)).map((p) => p.quantity)).toEqual([750]);
      const [days] = await queryRows<{ n: number }>(nodeA.db, sql`select count(*)::int as n from referral_days`);
      // The friend's day only: a node's first housekeeping run comes after it serves (these apps never listen).
      expect(Number(days!.n)).toBe(1);
    } finally {
      await close();
    }
  });
});

describe('a crash in the middle of the run', () => {
  const data = crashData('refcrash');

  it('leaves nothing: the killed run wrote no row and paid nobody; the next run pays once', { timeout: 300_000 }, async () => {
    const clock = new ManualClock(T0 + 5_000);
    let database = await data.open();
    const app = await gameNode(database, clock, true);
    const { referrer } = await friendBets(app, clock);
    toNextDay(clock);
    const balance = async (db: Database) =>
      Number((await queryRows<{ money: string }>(db.db, sql`select money from users where id = ${referrer.userId}`))[0]!.money);
    const before = await balance(database);
    await app.close();

    await killInsideTransaction(await data.serverEnv({ RUN_AT: String(clock.now()) }), {
      entry: 'test/crash/pausingReferralRun.ts',
      paused: /PAUSED \d{4}-\d{2}-\d{2}/,
    });

    database = await data.open();
    try {
      expect(await commissionRows(database.db)).toEqual([]);
      expect(await commissionPayments(database.db, referrer.userId)).toEqual([]);
      expect(await balance(database)).toBe(before);
      const results = await runDueDays(database.db, { now: clock.now(), timeZone: 'Asia/Shanghai' });
      expect(results.filter((r) => r.computed)).toHaveLength(1);
      expect((await commissionRows(database.db, referrer.userId)).map((r) => [r.amount, r.status])).toEqual([[750, 1]]);
      expect(await balance(database)).toBe(before + 750);
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
