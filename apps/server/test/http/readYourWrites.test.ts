/**
 * Read-your-writes on replicas (docs/operations.md, "Reads from replicas"): a player's write commit
 * leaves its WAL position on the player's sessions; the player's bet and fund history come from the
 * replica only once it has replayed past it, and from no replica lagging beyond the bound. On
 * PostgreSQL: a real primary and hot standby (pg_basebackup), replay paused and resumed.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPostgres, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { lsnValue, REPLAY_STATUS_MS, ReplicaReads } from '../../src/db/replicaReads.js';
import { registerUser, usingPostgres, callApi } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { bet, createGameApp, fund, fundedUser, roomOf } from '../game/kit.js';
import { startStreamingPair } from './streamingPair.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function commitLsnOf(db: Database['db'], userId: number): Promise<string | null> {
  const [row] = await queryRows<{ lsn: string | null }>(db, sql`select max(commit_lsn)::text as lsn from sessions where user_id = ${userId}`);
  return row!.lsn;
}

describe('DATABASE_READ_MAX_LAG_MS', () => {
  it('defaults to 5000 ms, is read from the environment, at most a minute', () => {
    expect(loadConfig({}).databaseReadMaxLagMs).toBe(5000);
    expect(loadConfig({ DATABASE_READ_MAX_LAG_MS: '800' }).databaseReadMaxLagMs).toBe(800);
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_MS: '600000' })).toThrow(/at most 60000/);
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_MS: 'soon' })).toThrow(/DATABASE_READ_MAX_LAG_MS/);
  });

  it('reads positions as PostgreSQL writes them', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });
});

describe('without a read pool', async () => {
  const { app } = await createGameApp();
  afterAll(() => app.close());

  it('every read is the primary’s and no position is kept', async () => {
    expect(app.replicaReads.hasReplica).toBe(false);
    expect(await app.replicaReads.readForPlayer('FF/0', async (db) => db)).toBe(app.db);
    expect(await app.replicaReads.forReport()).toBe(app.db);
    const player = await fundedUser(app, 100_00);
    expect((await bet(app, player.token, { plan_id: await roomOf(app), play_type: '1', money: '10' })).code).toBe(1);
    expect(await commitLsnOf(app.db, player.userId)).toBeNull();
    const orders = await callApi(app, api.user.orderList, {}, { token: player.token });
    expect(orders.data).toHaveLength(1);
  });
});

// Needs PostgreSQL 15's own programs (initdb, pg_basebackup, pg_ctl), which the PostgreSQL runs have.
if (usingPostgres)
  describe('on a real hot standby', async () => {
    const pair = startStreamingPair(15440, 15441);
    const primary = await openPostgres(pair.primaryUrl, 10);
    await primary.migrate();
    const standby = await openPostgres(pair.standbyUrl, 4);
    // A minute's bound: replay paused for a few seconds stays within it (the bound's own test is below).
    const { app } = await createGameApp({ database: primary, readDatabase: standby, config: { ...loadConfig({}), databaseReadMaxLagMs: 60_000 } });
    afterAll(async () => {
      try {
        await app.close(); // closes both pools
      } finally {
        pair.stop();
      }
    });

    const replayed = async () => {
      const [row] = await queryRows<{ lsn: string }>(standby.db, sql`select pg_last_wal_replay_lsn()::text as lsn`);
      return lsnValue(row!.lsn);
    };
    /** Until the standby has replayed all the primary has written. */
    const caughtUp = async () => {
      const [row] = await queryRows<{ lsn: string }>(primary.db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
      const target = lsnValue(row!.lsn);
      for (let i = 0; i < 200 && (await replayed()) < target; i++) await sleep(25);
      expect(await replayed()).toBeGreaterThanOrEqual(target);
      await sleep(REPLAY_STATUS_MS + 20);
    };
    const pauseReplay = async () => {
      await standby.db.execute(sql`select pg_wal_replay_pause()`);
      await sleep(REPLAY_STATUS_MS + 20);
    };
    const resumeReplay = () => standby.db.execute(sql`select pg_wal_replay_resume()`);
    const ledgerRows = async (token: string) => (await callApi(app, api.wallet.quantityLogList, ALL_DAYS, { token })).data.length as number;
    // The gifts are dated by the machine's clock, the bets by the app's test clock.
    const ALL_DAYS = { begin_date: '2025-01-01', end_date: '2035-12-31' };
    const orders = async (token: string) => (await callApi(app, api.user.orderList, {}, { token })).data.length as number;

    it('the player who just wrote reads the primary until the standby has the write; the others read the standby', async () => {
      const plan = await roomOf(app);
      const alice = await fundedUser(app, 100_00);
      const bob = await fundedUser(app, 100_00);
      expect((await bet(app, alice.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
      expect((await bet(app, bob.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
      await caughtUp();

      await pauseReplay();
      // Alice bets: her commit position is kept before the answer; the paused standby is behind it.
      expect((await bet(app, alice.token, { plan_id: plan, play_type: '2', money: '10' })).code).toBe(1);
      const aliceAt = await commitLsnOf(primary.db, alice.userId);
      expect(aliceAt).not.toBeNull();
      expect(await replayed()).toBeLessThan(lsnValue(aliceAt!));
      // A gift to Bob committed on the primary: not his own write, so his next read may come from
      // the standby, which has not replayed it.
      await fund(app, bob.userId, 5_00);
      await sleep(REPLAY_STATUS_MS + 20);

      expect(await orders(alice.token)).toBe(2); // from the primary: her own bet is there
      expect(await ledgerRows(alice.token)).toBe(3); // the gift and both stakes
      expect(await ledgerRows(bob.token)).toBe(2); // from the standby: the gift and his stake, not the new gift
      expect(await orders(bob.token)).toBe(1);

      await resumeReplay();
      await caughtUp();
      expect(await ledgerRows(bob.token)).toBe(3);

      // Replayed past her commit, the standby serves Alice again: a gift to her committed while it is
      // paused (not her own write) is not in what she reads.
      await pauseReplay();
      await fund(app, alice.userId, 5_00);
      await sleep(REPLAY_STATUS_MS + 20);
      expect(await ledgerRows(alice.token)).toBe(3);
      expect(await orders(alice.token)).toBe(2);
      await resumeReplay();
      await caughtUp();
      expect(await ledgerRows(alice.token)).toBe(4);
    });

    it('the console’s player list reads the standby: a player registered while replay is paused shows once it resumes', async () => {
      const support = await operatorWithRole(app, 'support');
      await caughtUp();
      await pauseReplay();
      const player = await registerUser(app);
      await sleep(REPLAY_STATUS_MS + 20);
      const search = async () => (await callApi(app, api.admin.userSearch, { q: player.username }, { token: support })).data.list.length as number;
      expect(await search()).toBe(0);
      await resumeReplay();
      await caughtUp();
      expect(await search()).toBe(1);
    });

    it('a standby further behind than the bound serves nobody, nor the console', async () => {
      const strict = new ReplicaReads(primary.db, standby, 1);
      const loose = new ReplicaReads(primary.db, standby, 60_000);
      await pauseReplay();
      await fundedUser(app, 1_00); // a write the paused standby does not replay
      await sleep(50);
      expect(await strict.forReport()).toBe(primary.db);
      expect(await strict.readForPlayer(null, async (db) => db)).toBe(primary.db);
      expect(await loose.forReport()).toBe(standby.db);
      expect(await loose.readForPlayer(null, async (db) => db)).toBe(standby.db);
      // Past the paused replay: the check on the read's own connection sends it to the primary.
      const [ahead] = await queryRows<{ lsn: string }>(primary.db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
      expect(await loose.readForPlayer(ahead!.lsn, async (db) => db)).toBe(primary.db);
      await resumeReplay();
      await caughtUp();
    });

    it('a standby that does not answer leaves every read to the primary', async () => {
      const away = await openPostgres('postgres://postgres@127.0.0.1:15442/postgres', 1);
      const reads = new ReplicaReads(primary.db, away, 60_000);
      expect(await reads.forReport()).toBe(primary.db);
      expect(await reads.readForPlayer(null, async (db) => db)).toBe(primary.db);
      await away.close();
    });
  });
