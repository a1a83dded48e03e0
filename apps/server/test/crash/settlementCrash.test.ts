/**
 * A crash during settlement loses nothing. A round of game 7 holds 3,000 real bets
 * from 300 players. The server process that draws it is killed with SIGKILL twice while its draw
 * transaction is open — once with the result stored but nothing settled, once with every order
 * settled and every winner credited but not committed — and each time the database is found exactly
 * as before the draw. Then the real server (`src/server.ts`) starts on the same data, draws and
 * settles the round, and every order is settled exactly once at its stored odds, each winner credited
 * once, and reconciliation is clean.
 *
 * Under `npm test` the database is a file-backed PGlite (PGlite recovers from SIGKILL like
 * PostgreSQL: it replays its write-ahead log); under `npm run test:pg` a scratch PostgreSQL database.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, commitmentOf, deriveDraw, settleOrder, type Digits } from '@lucky28/shared';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { LedgerType, postLedger } from '../../src/domain/ledger/post.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { seedGames, T0 } from '../game/kit.js';
import { startServerProcess } from '../serverProcess.js';
import { crashData, killInsideTransaction } from './crashKit.js';

const PLAYERS = 300;
const CLASSES = [1, 2, 3, 4, 11, 12, 13, 14, 105, 114]; // ten classes per player: 3,000 orders
const STAKE = 1_000; // 10.00 per order
const FUNDS = 1_000_00;

const data = crashData('crash');
/** The environment of every server process: same data, no demo passwords printed into the test log. */
const serverEnv = await data.serverEnv();

interface RoundState {
  drawn: boolean;
  open: number;
  settled: number;
  credits: number;
}

async function stateOf(database: Database, roundId: number): Promise<RoundState> {
  const [r] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`
    select (select drawn_at is not null from rounds where id = ${roundId}) as drawn,
      (select count(*)::int from orders where round_id = ${roundId} and status = 0) as open,
      (select count(*)::int from orders where round_id = ${roundId} and status = 1) as settled,
      (select count(*)::int from ledger l join orders o on o.id = l.ref_id
         where l.ref_type = 'order' and l.type = 3 and o.round_id = ${roundId}) as credits`,
  );
  return { drawn: Boolean(r!.drawn), open: Number(r!.open), settled: Number(r!.settled), credits: Number(r!.credits) };
}

/** Every user's balances, for comparing before and after. */
async function balances(database: Database): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; money: string | number; score: string | number }>(database.db, sql`select id, money, score from users`);
  return new Map(rows.map((r) => [Number(r.id), `${r.money}/${r.score}`]));
}

describe('SIGKILL while a round is drawn and settled', () => {
  it('loses nothing: each kill leaves the round untouched, the restarted server settles every order exactly once', { timeout: 600_000 }, async () => {
    // 1. 300 funded players place 3,000 real bets on one round (at T0, long past: due for its draw).
    let database = await data.open();
    const clock = new ManualClock(T0 + 5_000);
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: data.dataDir, scheduler: false }, database, clock, logger: false });
    await app.ready();
    await seedGames(app.db);
    await app.game.reloadConfig();
    const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7 && r.type === 0)!;
    const issue = roundAt(clock.now(), app.game.settings).issue;
    const users = await queryRows<{ id: number }>(
      app.db,
      sql`
      insert into users (username, password_hash, group_id)
      select 'crash' || g, 'not-a-login', 1 from generate_series(1, ${PLAYERS}) g returning id`,
    );
    for (const u of users) {
      await app.db.transaction((tx) => postLedger(tx, { userId: u.id, type: LedgerType.gift, wallet: 'money', quantity: FUNDS, memo: 'crash test' }));
      await app.game.placeBets({ userId: u.id, gameId: 7, roomId: room.id, issue, playTypes: CLASSES, amounts: CLASSES.map(() => STAKE) });
    }
    const [round] = await queryRows<{ id: number }>(app.db, sql`select id from rounds where game_id = 7 and issue = ${issue}`);
    const roundId = Number(round!.id);
    expect(await stateOf(database, roundId)).toEqual({ drawn: false, open: PLAYERS * CLASSES.length, settled: 0, credits: 0 });
    expect(await findDiscrepancies(app.db)).toEqual([]);
    const before = await balances(database);
    await app.close(); // closes the database too

    // 2. Killed twice inside the draw transaction: after the draw, then after the whole settlement.
    for (const pauseAt of ['draw', 'settle']) {
      await killInsideTransaction(
        { ...serverEnv, PAUSE_AT: pauseAt },
        { entry: 'test/crash/pausingServer.ts', paused: new RegExp(`PAUSED ${pauseAt} ${roundId}\\b`) },
      );
      database = await data.open();
      expect(await stateOf(database, roundId), `after the kill at ${pauseAt}`).toEqual({ drawn: false, open: 3_000, settled: 0, credits: 0 });
      expect(await balances(database)).toEqual(before);
      expect(await findDiscrepancies(database.db)).toEqual([]);
      await database.close();
    }

    // 3. The real server starts on the same data and draws and settles the round.
    const server = await startServerProcess(serverEnv);
    try {
      const deadline = Date.now() + 120_000;
      let drawn = false;
      while (!drawn && Date.now() < deadline) {
        const res = (await (await fetch(`${server.url}/api/fair/round?game_id=7&issue=${issue}`)).json()) as { data?: { drawn?: boolean } };
        drawn = res.data?.drawn === true;
        if (!drawn) await new Promise((r) => setTimeout(r, 250));
      }
      expect(drawn, server.output()).toBe(true);
    } finally {
      await server.stop('SIGTERM');
    }

    // 4. Every order settled exactly once, at its stored odds; winners credited once; books balance.
    database = await data.open();
    try {
      const [r] = await queryRows<Record<string, unknown>>(
        database.db,
        sql`
        select seed, hash, numbers, digit1, digit2, digit3, total from rounds where id = ${roundId}`,
      );
      const seed = String(r!.seed);
      expect(commitmentOf(seed)).toBe(r!.hash);
      const draw = deriveDraw(seed, 7, issue);
      expect(String(r!.numbers)).toBe(draw.numbers.join(','));
      const digits = [Number(r!.digit1), Number(r!.digit2), Number(r!.digit3)] as Digits;
      expect(digits).toEqual(draw.digits);

      const orders = await queryRows<Record<string, unknown>>(
        database.db,
        sql`
        select o.id, o.user_id, o.play_type, o.amount, o.odds, o.odds_special, o.status, o.payout, o.whether_hit,
          (select count(*)::int from ledger l where l.ref_type = 'order' and l.ref_id = o.id and l.type = 3) as credits,
          (select coalesce(sum(l.quantity), 0)::bigint from ledger l where l.ref_type = 'order' and l.ref_id = o.id and l.type = 3) as credited
        from orders o where o.round_id = ${roundId}`,
      );
      expect(orders).toHaveLength(PLAYERS * CLASSES.length);
      const expectedMoney = new Map<number, number>();
      for (const o of orders) {
        const want = settleOrder(
          {
            playType: Number(o.play_type),
            amount: Number(o.amount),
            odds: Number(o.odds),
            oddsSpecial: o.odds_special === null ? null : Number(o.odds_special),
          },
          digits,
        );
        expect(Number(o.status)).toBe(1);
        expect(Number(o.payout)).toBe(want.payout);
        expect(Number(o.whether_hit)).toBe(want.whetherHit);
        expect(Number(o.credits)).toBe(want.payout > 0 ? 1 : 0);
        expect(Number(o.credited)).toBe(want.payout);
        const uid = Number(o.user_id);
        expectedMoney.set(uid, (expectedMoney.get(uid) ?? FUNDS) - Number(o.amount) + want.payout);
      }
      const after = await queryRows<{ id: number; money: string | number }>(
        database.db,
        sql`
        select id, money from users where id in (${sql.join(
          users.map((u) => sql`${u.id}`),
          sql`, `,
        )})`,
      );
      for (const u of after) expect(Number(u.money)).toBe(expectedMoney.get(Number(u.id)));
      expect(await stateOf(database, roundId)).toMatchObject({ drawn: true, open: 0, settled: 3_000 });
      expect(await findDiscrepancies(database.db)).toEqual([]);
      expect(BET_CLASS_IDS).toEqual(expect.arrayContaining(CLASSES));
    } finally {
      await database.close();
    }
  });
});
