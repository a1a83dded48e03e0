/**
 * Budget: a round with 100,000 orders is drawn and settled (domain/game/drawAndSettle.ts: the
 * draw, every order, the winners' credits and ledger rows, in one transaction) in at most 1.3× the
 * time of one bare set-based UPDATE of 100,000 order rows on the same database. The orders are
 * written directly (set-up).
 * Runs in the bench's process: it measures the database work, no HTTP. Three rounds of the same
 * shape: a bare UPDATE of one, the settlement of the next, a bare UPDATE of the third.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Database, Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { users } from '../../src/db/schema.js';
import { drawAndSettle } from '../../src/domain/game/drawAndSettle.js';
import { ensureRound, type RoundRow } from '../../src/domain/game/rounds.js';
import type { RoomConfig } from '../../src/live/snapshot.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { fmt, ratio, type Report } from '../lib/report.js';

/** Issue 26: settlement within 1.3× the bare UPDATE, on both databases. */
const BUDGET = 1.3;
const STAKE = 1000;

const idArray = (ids: number[]) => sql.raw(`array[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** `count` open orders of `round` in `room`, spread over `userIds` and every class the room offers. */
async function writeOrders(db: Db, round: RoundRow, room: RoomConfig, userIds: number[], count: number, at: string) {
  const classes = [...room.odds].map(([playType, o]) => sql`(${playType}::int, ${o.odds}::int, ${o.oddsSpecial}::int)`);
  await db.execute(sql`
    with c as (
      select row_number() over () - 1 as k, play_type, odds, odds_special from (values ${sql.join(classes, sql`, `)}) v(play_type, odds, odds_special)
    )
    insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_score, from_money, odds, odds_special, status, created_at)
    select 'bench' || ${round.id}::text || '-' || g, (${idArray(userIds)})[1 + g % ${userIds.length}], ${room.id}, ${round.gameId}, ${round.id}, ${round.issue},
           c.play_type, ${STAKE}, 0, ${STAKE}, c.odds, c.odds_special, 0, ${at}
    from generate_series(0, ${count - 1}) g join c on c.k = g % ${room.odds.size}`);
}

export async function measureSettlement(opts: { report: Report; label: string; database: Database; orders: number; dataDir: string }): Promise<void> {
  const { report, label, database, orders } = opts;
  const clock = new ManualClock(Date.now());
  const app = await buildApp({ config: { ...loadConfig({}), dataDir: opts.dataDir, scheduler: false, logLevel: 'warn' }, database, clock, logger: false });
  try {
    await app.ready();
    await seedDemoContent(app.db, { demoPassword: 'bench-password-1', operatorPassword: 'bench-password-2' });
    await app.game.reloadConfig();
    await app.game.ensureChains();
    const timing = app.game.currentRound(clock.now());
    const roomOf = (gameId: number) => [...app.game.snapshot.rooms.values()].find((r) => r.gameId === gameId && r.type === 0)!;
    const round = (gameId: number) =>
      app.db.transaction(async (tx) => (await ensureRound(tx, gameId, timing, app.game.seeds, { ...app.game.chain, now: clock.now() })).round);
    const bareRounds = [await round(6), await round(5)];
    const settledRound = await round(7);
    const created = await app.db
      .insert(users)
      .values(Array.from({ length: 1000 }, (_, i) => ({ username: `settle_${clock.now().toString(36)}_${i}`, passwordHash: 'x' })))
      .returning({ id: users.id });
    const userIds = created.map((u) => u.id);
    const at = new Date(clock.now()).toISOString();
    for (const r of bareRounds) await writeOrders(app.db, r, roomOf(r.gameId), userIds, orders, at);
    await writeOrders(app.db, settledRound, roomOf(7), userIds, orders, at);
    await app.db.execute(sql`vacuum analyze orders`);
    await app.db.execute(sql`vacuum analyze users`);

    // The bare UPDATE: the same five columns settlement writes, from a fixed set of winning classes.
    const settledAt = new Date(timing.drawsAt).toISOString();
    const payout = sql`(case when play_type = any(array[1,3]) then amount * odds / 100 else 0 end)`;
    const bareUpdate = async (r: RoundRow) => {
      const started = performance.now();
      const rows = await queryRows<{ n: number }>(
        app.db,
        sql`
        with u as (
          update orders set status = 1, payout = ${payout}, profit = ${payout} - amount,
            whether_hit = case when ${payout} > amount then 1 else 0 end, settled_at = ${settledAt}
          where round_id = ${r.id} and status = 0 returning 1
        ) select count(*)::int as n from u`,
      );
      return { ms: performance.now() - started, n: Number(rows[0]?.n ?? 0) };
    };
    // Bare, settle, bare: the settlement is judged against the mean of the UPDATEs either side of it,
    // so a change in the machine's load during the run weighs on both.
    const before = await bareUpdate(bareRounds[0]!);
    const started = performance.now();
    // Where the time goes: the transaction's phases, marked by drawAndSettle's hooks.
    const marks: Record<string, number> = {};
    const mark = (name: string) => void (marks[name] = performance.now());
    const outcome = await drawAndSettle(app.db, settledRound.id, {
      seeds: app.game.seeds,
      now: timing.drawsAt + 1,
      faults: { beforeDraw: () => mark('locked'), afterDraw: () => mark('drawn'), afterSettle: () => mark('settled') },
    });
    const settleMs = performance.now() - started;
    const phase = (from: number | undefined, to: number | undefined) => (from !== undefined && to !== undefined ? `${fmt(to - from)} ms` : '?');
    const after = await bareUpdate(bareRounds[1]!);
    const bareMs = (before.ms + after.ms) / 2;
    const bare = [{ n: Math.min(before.n, after.n) }];
    const settled = outcome?.settledOrders ?? 0;
    const r = settleMs / bareMs;
    report.info(
      `${label} settlement phases`,
      `begin and the game's lock ${phase(started, marks.locked)}, the draw ${phase(marks.locked, marks.drawn)}, ` +
        `settling (players locked, then orders, credits, ledger rows in one statement) ${phase(marks.drawn, marks.settled)}, commit ${phase(marks.settled, started + settleMs)}`,
    );
    report.budget(
      `${label} settlement of ${fmt(orders)} orders`,
      `draw and settle ${fmt(settleMs)} ms (${fmt(settled)} orders, ${fmt(outcome?.balances.size ?? 0)} players credited) vs bare UPDATE ` +
        `${fmt(bareMs)} ms (mean of one before and one after: ${fmt(before.ms)} and ${fmt(after.ms)} ms; ${fmt(bare[0]!.n)} rows each) = ${ratio(r)}`,
      `≤ ${BUDGET}×`,
      r <= BUDGET && settled === orders && Number(bare[0]?.n) === orders,
    );
  } finally {
    await app.close();
  }
}
