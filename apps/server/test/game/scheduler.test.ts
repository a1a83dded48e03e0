import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ODDS, settleOrder, type Digits } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { GameEngine } from '../../src/live/engine.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { callApi, gameHeart } from '../helpers.js';
import { balances, bet, checkLedgerInvariants, createGameApp, currentIssue, fundedUser, roomOf, ROUND_MS } from './kit.js';

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 1);

/** A second engine on the same database: what a restarted process (or another node) runs. */
function restartedEngine(): GameEngine {
  const engine = new GameEngine({ database: app.database, clock, settings: app.game.settings, log: app.log, tickMs: 10 });
  engine.chain.length = app.game.chain.length;
  engine.chain.spare = app.game.chain.spare;
  return engine;
}

async function roundResult(issue: string, gameId = 7): Promise<{ digits: Digits; total: number }> {
  const r = (await callApi(app, api.fair.round, { game_id: gameId, issue })).data;
  const [d1, d2, d3] = r.digits!;
  return { digits: [d1!, d2!, d3!], total: r.total! };
}

const paidCount = async (issue: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        app.db,
        sql`
      select count(*)::int as n from ledger l join orders o on o.id = l.ref_id
      where l.ref_type = 'order' and l.type = 3 and o.issue = ${issue} and o.game_id = 7`,
      )
    )[0]!.n,
  );

describe('the round scheduler', () => {
  it('draws a round at its draw time, not before, and settles its orders with the right payouts', async () => {
    await app.game.scheduler.tick();
    const issue = await currentIssue(app);
    const timing = roundAt(clock.now(), app.game.settings);
    const players = await Promise.all([fundedUser(app, 1_000_00), fundedUser(app, 1_000_00), fundedUser(app, 1_000_00)]);
    const bets: [number, string, string][] = [
      [0, '1,2,3,4', '10.01'],
      [1, '11,12,13,14,21,22', '25'],
      [2, '31,32,33,100,113,114,127', '10'],
    ];
    for (const [who, types, money] of bets) {
      expect((await bet(app, players[who]!.token, { issue, plan_id: plan, play_type: types, money })).code).toBe(1);
    }
    clock.set(timing.drawsAt - 1);
    expect((await app.game.scheduler.tick()).drawn).toBe(0);
    clock.set(timing.drawsAt);
    const report = await app.game.scheduler.tick();
    expect(report.drawn).toBe(5);
    expect(report.settledOrders).toBe(17);

    const { digits } = await roundResult(issue);
    for (const [who, types, money] of bets) {
      const stake = Math.round(Number(money) * 100);
      const expected = types.split(',').reduce((sum, t) => {
        const o = DEFAULT_ODDS.get(Number(t))!;
        return sum + settleOrder({ playType: Number(t), amount: stake, odds: o.odds, oddsSpecial: o.oddsSpecial }, digits).payout;
      }, 0);
      const spent = stake * types.split(',').length;
      const b = await balances(app, players[who]!.userId);
      expect(b.money).toBe(1_000_00 - spent + expected);
      const list = await callApi(app, api.user.orderList, {}, { token: players[who]!.token });
      expect(list.data).toHaveLength(types.split(',').length);
      for (const row of list.data) {
        expect(row.status).toBe(1);
        expect(row.lottery_code.split(/\s+/).map(Number)).toEqual([...digits, digits[0] + digits[1] + digits[2]]);
      }
    }
    // Stats for the heart: the last draw is this round, immediately.
    const heart = await callApi(app, api.lottery.heart, { game_id: 7 });
    expect(gameHeart(heart.data).last_issue).toEqual({
      issue,
      site_1: digits[0],
      site_2: digits[1],
      site_3: digits[2],
      code: digits[0] + digits[1] + digits[2],
    });
    // Nothing more to do.
    expect(await app.game.scheduler.tick()).toEqual({ created: 0, drawn: 0, settledOrders: 0 });
    await checkLedgerInvariants(app.db);
  });

  it('pays each order once when killed between the draw and the settlement, then restarted', async () => {
    const issue = await currentIssue(app);
    const timing = roundAt(clock.now(), app.game.settings);
    const player = await fundedUser(app, 1_000_00);
    expect((await bet(app, player.token, { issue, plan_id: plan, play_type: '1,2,3,4,33', money: '100' })).code).toBe(1);
    clock.set(timing.drawsAt + 1_000);
    app.game.faults.afterDraw = () => {
      throw new Error('process killed');
    };
    await expect(app.game.scheduler.tick()).rejects.toThrow('process killed');
    app.game.faults = {};
    // The transaction rolled back: the round is not drawn and nobody was paid.
    const r = (await callApi(app, api.fair.round, { game_id: 7, issue })).data;
    expect(r.drawn).toBe(false);
    expect(r.seed).toBeNull();
    expect(await paidCount(issue)).toBe(0);

    const restarted = restartedEngine();
    await restarted.init();
    const first = await restarted.scheduler.tick();
    expect(first.drawn).toBeGreaterThanOrEqual(1);
    const paid = await paidCount(issue);
    const { digits } = await roundResult(issue);
    const expectedPaid = [1, 2, 3, 4, 33].filter((t) => {
      const o = DEFAULT_ODDS.get(t)!;
      return settleOrder({ playType: t, amount: 100_00, odds: o.odds, oddsSpecial: o.oddsSpecial }, digits).payout > 0;
    }).length;
    expect(paid).toBe(expectedPaid);
    // Both the old and the new process tick again: nothing is paid twice.
    await restarted.scheduler.tick();
    await app.game.scheduler.tick();
    expect(await paidCount(issue)).toBe(paid);
    await restarted.close();
    await checkLedgerInvariants(app.db);
  });

  it('neither skips nor repeats a draw across random crashes and restarts (seeded)', async () => {
    let seed = 20250601;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedUser(app, 5_000_00)));
    let engine = app.game;
    const engines: GameEngine[] = [];
    const issues: string[] = [];
    for (let step = 0; step < 12; step++) {
      const issue = await currentIssue(app);
      issues.push(issue);
      for (const p of players) {
        const types = [1, 2, 3, 4, 11, 12, 13, 14, 33].filter(() => rand() < 0.4).join(',') || '1';
        await bet(app, p.token, { issue, plan_id: plan, play_type: types, money: '10' });
      }
      clock.advance(ROUND_MS / 2 + Math.floor(rand() * ROUND_MS));
      const crash = rand();
      if (crash < 0.25)
        engine.faults.afterDraw = () => {
          throw new Error('crash after draw');
        };
      else if (crash < 0.4)
        engine.faults.beforeDraw = () => {
          throw new Error('crash before draw');
        };
      await engine.scheduler.tick().catch(() => undefined);
      engine.faults = {};
      if (rand() < 0.5) {
        engine = restartedEngine();
        engines.push(engine);
        await engine.init();
      }
      if (rand() < 0.5) await engine.scheduler.tick();
    }
    clock.advance(2 * ROUND_MS);
    await engine.scheduler.tick();
    for (const e of engines) await e.close();

    const rows = await queryRows<Record<string, unknown>>(
      app.db,
      sql`
      select r.issue, r.drawn_at is not null as drawn,
        (select count(*) from orders o where o.round_id = r.id) as orders,
        (select count(*) from orders o where o.round_id = r.id and o.status = 1) as settled,
        (select count(*) from orders o where o.round_id = r.id and o.payout > 0) as winners,
        (select count(*) from ledger l join orders o on o.id = l.ref_id where l.ref_type = 'order' and l.type = 3 and o.round_id = r.id) as credits
      from rounds r where r.game_id = 7 and r.draws_at <= ${new Date(clock.now()).toISOString()}`,
    );
    for (const issue of issues) {
      const r = rows.find((x) => x.issue === issue);
      expect(r, issue).toBeDefined();
      expect(r!.drawn, issue).toBe(true);
      expect(Number(r!.settled), issue).toBe(Number(r!.orders));
      expect(Number(r!.credits), issue).toBe(Number(r!.winners));
    }
    expect(rows.every((r) => r.drawn === true)).toBe(true);
    await checkLedgerInvariants(app.db);
  });

  it('a restarted node rebuilds its snapshot: recent draws, the room feed and the real bet count', async () => {
    const issue = await currentIssue(app);
    const player = await fundedUser(app, 1_000_00); // the room's entry limit
    expect((await bet(app, player.token, { issue, plan_id: plan, play_type: '1,2,3', money: '10' })).code).toBe(1);
    const engine = restartedEngine();
    await engine.init();
    expect(engine.snapshot.betsInRound(7, issue)).toBe(app.game.snapshot.betsInRound(7, issue));
    expect(engine.snapshot.betsInRound(7, issue)).toBeGreaterThanOrEqual(3);
    const mine = engine.snapshot.feed(plan).filter((e) => e.userId === player.userId);
    expect(mine.map((e) => [e.playType, e.amount, e.after])).toEqual([
      [1, 1000, 99_000],
      [2, 1000, 98_000],
      [3, 1000, 97_000],
    ]);
    expect(engine.snapshot.lastDraw(7)).toEqual(app.game.snapshot.lastDraw(7));
    await engine.close();
  });

  it('runs on its own timer and stops cleanly', async () => {
    const engine = restartedEngine();
    await engine.init();
    const issue = await currentIssue(app);
    const player = await fundedUser(app, 1_000_00); // the room's entry limit
    expect((await bet(app, player.token, { issue, plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
    clock.set(roundAt(clock.now(), app.game.settings).drawsAt);
    engine.scheduler.start();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await callApi(app, api.fair.round, { game_id: 7, issue })).data.drawn) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await engine.close();
    expect(engine.scheduler.isRunning).toBe(false);
    expect((await callApi(app, api.fair.round, { game_id: 7, issue })).data.drawn).toBe(true);
    const ticks = engine.scheduler.stats.ticks;
    await new Promise((r) => setTimeout(r, 60));
    expect(engine.scheduler.stats.ticks).toBe(ticks);
  });
});
