import type { Tx } from '../../db/client.js';
import { recordChunk, type CountsDelta, type Cursor, type Run } from './journal.js';
import type { Source } from './source.js';
import type { Target } from './target.js';

/** What every phase of a run works with. */
export interface ImportContext {
  target: Target;
  source: Source;
  run: Run;
  dryRun: boolean;
  /** The operator key (domain/operators/secretBox.ts): the secrets' change digests are keyed with it. */
  operatorKey: Buffer;
  /** The run's clock: the time written on the rows it makes. */
  now: () => number;
  /** Source rows per chunk (one transaction each). */
  chunkSize: number;
  /** Worker threads of the hashing phase. */
  hashWorkers: number;
  log: (line: string) => void;
}

/** One chunk: its work and, in the same transaction, the phase's new cursor and the counts it adds. */
export async function inChunk(ctx: ImportContext, phase: string, cursor: Cursor, work: (tx: Tx) => Promise<Record<string, CountsDelta>>): Promise<void> {
  const commit = await ctx.target.chunk(async (tx) => recordChunk(tx, ctx.run, phase, cursor, await work(tx)));
  commit();
}

/** The phase's cursor: the last source id done (0 before the first chunk), or true once complete. */
export const cursorOf = (ctx: ImportContext, phase: string) => ctx.run.cursors[phase] ?? 0;

/** A progress line on long tables: "orders: 200,000 of 1,000,000 (20 %)". */
export function progress(ctx: ImportContext, table: string, done: number, total: number): void {
  if (total < 5 * ctx.chunkSize) return;
  ctx.log(`  ${table}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} (${Math.floor((done / total) * 100)} %)`);
}

/**
 * Reads `table` in id order from the phase's cursor, a chunk at a time, reading the next chunk while the
 * last one is written; `work` handles one chunk in its transaction. The phase ends marked complete.
 */
export async function eachChunk(
  ctx: ImportContext,
  phase: string,
  read: { table: string; columns: string; where?: string },
  work: (tx: Tx, rows: Record<string, unknown>[]) => Promise<Record<string, CountsDelta>>,
): Promise<void> {
  const start = cursorOf(ctx, phase);
  if (start === true) return;
  const [{ n: total } = { n: 0 }] = (await ctx.source.rows(`SELECT COUNT(*) AS n FROM \`${read.table}\`${read.where ? ` WHERE ${read.where}` : ''}`)) as {
    n: number;
  }[];
  const [{ n: before } = { n: 0 }] = (await ctx.source.rows(
    `SELECT COUNT(*) AS n FROM \`${read.table}\` WHERE id <= ?${read.where ? ` AND (${read.where})` : ''}`,
    [start],
  )) as { n: number }[];
  let done = Number(before);
  let next = ctx.source.chunk(read.table, read.columns, start, ctx.chunkSize, read.where);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) break;
    const last = Number(rows[rows.length - 1]!.id);
    next = ctx.source.chunk(read.table, read.columns, last, ctx.chunkSize, read.where);
    await inChunk(ctx, phase, last, (tx) => work(tx, rows));
    done += rows.length;
    progress(ctx, read.table, done, Number(total));
  }
  await inChunk(ctx, phase, true, async () => ({}));
}
