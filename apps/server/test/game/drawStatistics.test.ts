/**
 * Lottery/statistics (docs/statistics.md): the missing counts and runs stored with each draw equal a
 * brute-force count over the drawn rounds, on real rounds drawn by the scheduler — through crashes
 * in the draw's transaction, restarts and two engines ticking together — and a game whose counts
 * disagree with its rounds is rebuilt at start.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BET_CLASS_IDS, BetClass, classWins, RUN_CLASS_IDS, SUM_CLASS_BASE, type Digits } from '@lucky28/shared';
import { queryRows } from '../../src/db/query.js';
import { recountDrawStatistics } from '../../src/domain/game/drawStatistics.js';
import { GameEngine } from '../../src/live/engine.js';
import { callApi, rawCall } from '../helpers.js';
import { createGameApp, ROUND_MS } from './kit.js';

const { app, clock } = await createGameApp();
const GAME_IDS = [7, 6, 5, 2, 1];

function restartedEngine(): GameEngine {
  const engine = new GameEngine({ database: app.database, clock, settings: app.game.settings, log: app.log, tickMs: 10 });
  engine.chain.length = app.game.chain.length;
  engine.chain.spare = app.game.chain.spare;
  return engine;
}

/** The game's drawn rounds in drawing order. */
async function drawnRounds(gameId: number): Promise<{ issue: string; digits: Digits }[]> {
  const rows = await queryRows<{ issue: string; digit1: number; digit2: number; digit3: number }>(
    app.db,
    sql`select issue, digit1, digit2, digit3 from rounds where game_id = ${gameId} and drawn_at is not null order by drawn_at, id`,
  );
  return rows.map((r) => ({ issue: r.issue, digits: [Number(r.digit1), Number(r.digit2), Number(r.digit3)] }));
}

/** Counted directly from the rounds: the draws each class came in, and the gaps between them. */
async function bruteForce(gameId: number) {
  const rounds = await drawnRounds(gameId);
  const of = (classId: number) => {
    const came = rounds.flatMap((r, i) => (classWins(classId, r.digits) ? [i] : []));
    const edges = [-1, ...came, rounds.length];
    const gaps = edges.slice(1).map((e, k) => e - edges[k]! - 1);
    let run = 0;
    while (run < rounds.length && classWins(classId, rounds[rounds.length - 1 - run]!.digits)) run++;
    const last = came.at(-1);
    return {
      class: classId,
      last_issue: last === undefined ? null : rounds[last]!.issue,
      current: gaps.at(-1)!,
      longest: Math.max(...gaps),
      run,
    };
  };
  const all = BET_CLASS_IDS.map(of);
  return {
    draws: rounds.length,
    missing: all.map(({ run: _run, ...m }) => m),
    runs: RUN_CLASS_IDS.map((id) => ({ class: id, length: all.find((a) => a.class === id)!.run })),
  };
}

async function statistics(gameId: number, lang?: 'en' | 'zh' | 'tw' | 'vi') {
  const res = await callApi(app, api.lottery.statistics, { game_id: gameId }, { lang });
  expect(res.code).toBe(1);
  return res;
}

async function expectBruteForce(gameId: number) {
  const { data } = await statistics(gameId);
  const expected = await bruteForce(gameId);
  expect(data.draws).toBe(expected.draws);
  expect(data.missing.map(({ name: _n, total: _t, ...m }) => m)).toEqual(expected.missing);
  expect(data.runs.map(({ name: _n, ...r }) => r)).toEqual(expected.runs);
}

describe('Lottery/statistics', () => {
  it('before any draw: nothing counted, every class absent from no draw', async () => {
    const { data } = await statistics(7);
    expect(data.draws).toBe(0);
    expect(data.missing).toHaveLength(BET_CLASS_IDS.length);
    expect(data.missing.every((m) => m.current === 0 && m.longest === 0 && m.last_issue === null)).toBe(true);
    expect(data.runs.map((r) => r.class)).toEqual([1, 2, 3, 4, 11, 12, 13, 14, 21, 22]);
  });

  it('equals a brute-force count over the rounds drawn, through crashes, restarts and two engines at once', async () => {
    let seed = 41;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let engine = app.game;
    const engines: GameEngine[] = [];
    await engine.scheduler.tick();
    for (let step = 0; step < 16; step++) {
      clock.advance(ROUND_MS);
      const crash = rand();
      if (crash < 0.15)
        engine.faults.afterDraw = () => {
          throw new Error('crash after draw');
        };
      else if (crash < 0.3)
        engine.faults.afterSettle = () => {
          throw new Error('crash after settlement');
        };
      await engine.scheduler.tick().catch(() => undefined);
      engine.faults = {};
      if (rand() < 0.2) {
        engine = restartedEngine();
        engines.push(engine);
        await engine.init();
      }
      // Another node ticking at the same moment: the draw lock lets one draw.
      if (rand() < 0.3) await Promise.all([engine.scheduler.tick(), app.game.scheduler.tick()]);
    }
    clock.advance(ROUND_MS);
    await engine.scheduler.tick();
    for (const e of engines) await e.close();

    for (const gameId of GAME_IDS) await expectBruteForce(gameId);
    const { data } = await statistics(7);
    expect(data.draws).toBeGreaterThanOrEqual(12);
    // Big and small split every draw: one of the two is running, the other was there just before it.
    const big = data.runs.find((r) => r.class === BetClass.BIG)!;
    const small = data.runs.find((r) => r.class === BetClass.SMALL)!;
    expect(Math.min(big.length, small.length)).toBe(0);
    expect(Math.max(big.length, small.length)).toBeGreaterThan(0);
  });

  it('names every class and total in the caller’s language and says each draw is independent', async () => {
    const en = await statistics(7, 'en');
    expect(en.msg).toMatch(/independent/);
    expect(en.data.missing.find((m) => m.class === BetClass.BIG)).toMatchObject({ name: 'Big', total: null });
    expect(en.data.missing.find((m) => m.class === SUM_CLASS_BASE + 27)).toMatchObject({ total: 27 });
    const zh = await statistics(7, 'zh');
    expect(zh.msg).toMatch(/独立/);
    expect(zh.data.missing.find((m) => m.class === BetClass.BIG)!.name).toBe('大');
    expect((await statistics(7, 'vi')).msg).toMatch(/độc lập/);
    expect((await statistics(7, 'tw')).msg).toMatch(/獨立/);
  });

  it('rebuilds at start a game whose counts disagree with its drawn rounds, and only that game', async () => {
    await app.db.execute(sql`delete from draw_statistics where game_id = 6`);
    await app.db.execute(sql`update draw_statistics_games set draws = draws - 3 where game_id = 5`);
    await app.db.execute(sql`update draw_statistics set current_absence = 999 where game_id = 5`);
    const stale = (gameId: number) => statistics(gameId).then((r) => r.data.missing.map(({ name: _n, total: _t, ...m }) => m));
    expect(await stale(6)).not.toEqual((await bruteForce(6)).missing);
    expect(await stale(5)).not.toEqual((await bruteForce(5)).missing);
    const engine = restartedEngine();
    await engine.init();
    await engine.close();
    for (const gameId of GAME_IDS) await expectBruteForce(gameId);
    expect(await recountDrawStatistics(app.db)).toEqual([]);
  });

  it('refuses an unknown game with a localised error and changes nothing', async () => {
    const before = await statistics(7);
    const res = await rawCall(app, api.lottery.statistics, { game_id: 99 }, { lang: 'en' });
    expect(res).toMatchObject({ code: 0, field: 'game_id' });
    expect(res.msg).not.toBe('err.game_not_found');
    expect((await rawCall(app, api.lottery.statistics, { game_id: 'x' })).code).toBe(0);
    expect((await statistics(7)).data).toEqual(before.data);
  });
});
