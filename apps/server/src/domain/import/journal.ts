/**
 * The run journal (`import_runs`): at most one run is `running`. A new run starts one; a run that finds
 * one still running (the last was killed) takes it over — its options, cursors and counts — and carries
 * on from the last whole chunk, so a killed run restarted ends as one clean run would.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export interface TableCounts {
  read: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: Record<string, number>;
}
export type Counts = Record<string, TableCounts>;
export type Cursor = number | true;

export interface RunOptions {
  rooms: boolean;
  open: boolean;
}

export interface Run {
  id: number;
  resumed: boolean;
  options: RunOptions;
  cursors: Record<string, Cursor>;
  counts: Counts;
}

export const emptyCounts = (): TableCounts => ({ read: 0, imported: 0, updated: 0, unchanged: 0, skipped: {} });

/** What one chunk adds to a table's counts. */
export type CountsDelta = Partial<Omit<TableCounts, 'skipped'>> & { skipped?: Record<string, number> };

export function addCounts(counts: Counts, table: string, delta: CountsDelta): Counts {
  const before = counts[table] ?? emptyCounts();
  const skipped = { ...before.skipped };
  for (const [reason, n] of Object.entries(delta.skipped ?? {})) if (n > 0) skipped[reason] = (skipped[reason] ?? 0) + n;
  return {
    ...counts,
    [table]: {
      read: before.read + (delta.read ?? 0),
      imported: before.imported + (delta.imported ?? 0),
      updated: before.updated + (delta.updated ?? 0),
      unchanged: before.unchanged + (delta.unchanged ?? 0),
      skipped,
    },
  };
}

export async function startOrResumeRun(db: DbOrTx, source: string, options: RunOptions): Promise<Run> {
  const [running] = await queryRows<{ id: number; options: RunOptions; cursors: Record<string, Cursor>; counts: Counts }>(
    db,
    sql`select id, options, cursors, counts from import_runs where status = 'running'`,
  );
  if (running) {
    // The killed run's choices stand, with what this one adds (a resumed run may still be asked to open or to apply rooms).
    const merged = { rooms: running.options.rooms || options.rooms, open: running.options.open || options.open };
    await db.execute(sql`update import_runs set options = ${JSON.stringify(merged)}::jsonb where id = ${running.id}`);
    return { id: running.id, resumed: true, options: merged, cursors: running.cursors, counts: running.counts };
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into import_runs (source, options) values (${source}, ${JSON.stringify(options)}::jsonb) returning id`,
  );
  return { id: row!.id, resumed: false, options, cursors: {}, counts: {} };
}

/**
 * Records, in the chunk's own transaction, that the chunk is done: the phase's cursor and the counts it
 * adds. The run's copy in memory follows once the transaction has committed (`commit`).
 */
export async function recordChunk(tx: Tx, run: Run, phase: string, cursor: Cursor, deltas: Record<string, CountsDelta> = {}): Promise<() => void> {
  let counts = run.counts;
  for (const [table, delta] of Object.entries(deltas)) counts = addCounts(counts, table, delta);
  // Only this phase's cursor and its own tables' counts: phases running side by side each write their own keys.
  const touched: Counts = Object.fromEntries(Object.keys(deltas).map((t) => [t, counts[t]!]));
  await tx.execute(
    sql`update import_runs set cursors = cursors || ${JSON.stringify({ [phase]: cursor })}::jsonb, counts = counts || ${JSON.stringify(touched)}::jsonb
        where id = ${run.id}`,
  );
  return () => {
    run.cursors = { ...run.cursors, [phase]: cursor };
    run.counts = { ...run.counts, ...touched };
  };
}

export async function finishRun(db: DbOrTx, run: Run, report: unknown): Promise<void> {
  await db.execute(sql`update import_runs set status = 'done', report = ${JSON.stringify(report)}::jsonb, finished_at = now() where id = ${run.id}`);
}
