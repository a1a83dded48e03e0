/**
 * Missing counts and runs per game (docs/statistics.md), kept in `draw_statistics`: one row per bet
 * class, moved on by each draw inside the draw's transaction (`countDraw`, under the game's draw lock
 * and only when the round is drawn there, so a draw is counted once whatever the crashes and nodes),
 * and rebuilt from the drawn rounds at start for a game whose count disagrees with them
 * (`recountDrawStatistics`: the first start after migration 0028, or draws made by a node of the
 * previous version). The step is `advanceStatistic` of the shared rules, as SQL.
 */
import { sql } from 'drizzle-orm';
import { advanceStatistic, classWins, emptyStatistics, STATISTIC_CLASS_IDS, type Digits } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { inTransaction } from '../../db/transaction.js';
import { DRAW_LOCK } from './locks.js';

export interface StoredStatistic {
  classId: number;
  lastIssue: string | null;
  currentAbsence: number;
  longestAbsence: number;
  currentRun: number;
}

export interface GameStatistics {
  /** Draws counted. */
  draws: number;
  /** One per class of STATISTIC_CLASS_IDS, in that order. */
  classes: StoredStatistic[];
}

/**
 * Counts a round just drawn (called in the draw's transaction, under DRAW_LOCK). A class row missing
 * so far starts from the draws already counted, as if it had been there from the first.
 */
export async function countDraw(tx: DbOrTx, gameId: number, roundId: number, digits: Digits): Promise<void> {
  const head = await queryRows<{ draws: number }>(
    tx,
    sql`
    insert into draw_statistics_games (game_id, draws, last_round_id) values (${gameId}, 1, ${roundId})
    on conflict (game_id) do update set draws = draw_statistics_games.draws + 1, last_round_id = excluded.last_round_id
    returning draws`,
  );
  const draws = Number(head[0]!.draws);
  const rows = STATISTIC_CLASS_IDS.map((classId) =>
    classWins(classId, digits)
      ? sql`(${gameId}, ${classId}, ${roundId}::bigint, 0, ${draws - 1}, 1)`
      : sql`(${gameId}, ${classId}, null::bigint, ${draws}, ${draws}, 0)`,
  );
  await tx.execute(sql`
    insert into draw_statistics as s (game_id, class_id, last_round_id, current_absence, longest_absence, current_run)
    values ${sql.join(rows, sql`, `)}
    on conflict (game_id, class_id) do update set
      last_round_id = coalesce(excluded.last_round_id, s.last_round_id),
      current_absence = case when excluded.current_run > 0 then 0 else s.current_absence + 1 end,
      longest_absence = greatest(s.longest_absence, case when excluded.current_run > 0 then 0 else s.current_absence + 1 end),
      current_run = case when excluded.current_run > 0 then s.current_run + 1 else 0 end`);
}

interface CountCheck {
  game_id: number;
  counted: number | string;
  drawn: number | string;
  classes: number | string;
}

const countChecks = (db: DbOrTx, gameId?: number) =>
  queryRows<CountCheck>(
    db,
    sql`
    select g.id as game_id, coalesce(h.draws, 0) as counted,
      (select count(*) from rounds r where r.game_id = g.id and r.drawn_at is not null) as drawn,
      (select count(*) from draw_statistics s where s.game_id = g.id) as classes
    from games g left join draw_statistics_games h on h.game_id = g.id
    ${gameId === undefined ? sql`` : sql`where g.id = ${gameId}`}`,
  );

const disagrees = (c: CountCheck) => Number(c.counted) !== Number(c.drawn) || (Number(c.drawn) > 0 && Number(c.classes) !== STATISTIC_CLASS_IDS.length);

/** Rebuilds the statistics of every game whose count disagrees with its drawn rounds; the games rebuilt. */
export async function recountDrawStatistics(db: Db): Promise<number[]> {
  const rebuilt: number[] = [];
  for (const check of (await countChecks(db)).filter(disagrees)) {
    const gameId = Number(check.game_id);
    const done = await inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DRAW_LOCK}, ${gameId})`);
      // Another node may have rebuilt it while this one waited for the lock.
      const [again] = await countChecks(tx, gameId);
      if (!again || !disagrees(again)) return false;
      await rebuildGame(tx, gameId);
      return true;
    });
    if (done) rebuilt.push(gameId);
  }
  return rebuilt;
}

/** The statistics of a game from all its drawn rounds, in drawing order. */
async function rebuildGame(tx: DbOrTx, gameId: number): Promise<void> {
  const rounds = await queryRows<{ id: number | string; digit1: number; digit2: number; digit3: number }>(
    tx,
    sql`select id, digit1, digit2, digit3 from rounds where game_id = ${gameId} and drawn_at is not null order by drawn_at, id`,
  );
  const ids = rounds.map((r) => Number(r.id));
  let stats = emptyStatistics();
  rounds.forEach((r, i) => {
    const digits: Digits = [Number(r.digit1), Number(r.digit2), Number(r.digit3)];
    stats = stats.map((s) => advanceStatistic(s, classWins(s.classId, digits), i + 1));
  });
  await tx.execute(sql`delete from draw_statistics where game_id = ${gameId}`);
  await tx.execute(sql`
    insert into draw_statistics (game_id, class_id, last_round_id, current_absence, longest_absence, current_run)
    values ${sql.join(
      stats.map(
        (s) =>
          sql`(${gameId}, ${s.classId}, ${s.lastIndex === null ? null : ids[s.lastIndex - 1]!}::bigint, ${s.currentAbsence}, ${s.longestAbsence}, ${s.currentRun})`,
      ),
      sql`, `,
    )}`);
  await tx.execute(sql`
    insert into draw_statistics_games (game_id, draws, last_round_id) values (${gameId}, ${ids.length}, ${ids.at(-1) ?? null}::bigint)
    on conflict (game_id) do update set draws = excluded.draws, last_round_id = excluded.last_round_id`);
}

/** A game's statistics as stored, with the issue each class last came in. */
export async function readDrawStatistics(db: DbOrTx, gameId: number): Promise<GameStatistics> {
  const rows = await queryRows<{
    class_id: number;
    issue: string | null;
    current_absence: number;
    longest_absence: number;
    current_run: number;
    draws: number | null;
  }>(
    db,
    sql`
    select s.class_id, r.issue, s.current_absence, s.longest_absence, s.current_run,
      (select h.draws from draw_statistics_games h where h.game_id = ${gameId}) as draws
    from draw_statistics s left join rounds r on r.id = s.last_round_id
    where s.game_id = ${gameId}`,
  );
  const byClass = new Map(rows.map((r) => [Number(r.class_id), r]));
  const draws = Number(rows[0]?.draws ?? 0);
  return {
    draws,
    classes: STATISTIC_CLASS_IDS.map((classId) => {
      const r = byClass.get(classId);
      // No row yet (no draw counted): absent from every draw counted, which is none.
      return {
        classId,
        lastIssue: r?.issue ?? null,
        currentAbsence: r ? Number(r.current_absence) : draws,
        longestAbsence: r ? Number(r.longest_absence) : draws,
        currentRun: r ? Number(r.current_run) : 0,
      };
    }),
  };
}
