/**
 * Where the import writes: the configured database (PGlite, or PostgreSQL through one pooled
 * connection). Each chunk is one transaction that also moves its phase's cursor in the run journal, so a
 * run killed at any moment has done whole chunks only. A dry run does all of it inside one outer
 * transaction, each chunk a savepoint, and rolls it back: the same reads, checks and report, nothing kept.
 *
 * Rows go in by COPY FROM STDIN on PostgreSQL (pg-copy-streams) and by multi-row INSERTs on PGlite.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Db, Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';

export type CopyValue = string | number | boolean | null | Date;

export interface Target {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One chunk's transaction (a savepoint in a dry run). */
  chunk<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Appends rows to `table` (its `columns` in order) inside the chunk's transaction. */
  copy(tx: Tx, table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]): Promise<void>;
}

class DryRunRollback extends Error {}

/** A value in COPY's text format: \N for null, backslash escapes for the separators. */
export function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** The lines COPY reads: one row per line, columns separated by tabs. */
export function* copyLines(rows: readonly (readonly CopyValue[])[]): Generator<string> {
  const batch: string[] = [];
  for (const row of rows) {
    batch.push(row.map(copyText).join('\t'));
    if (batch.length === 1000) yield batch.splice(0).join('\n') + '\n';
  }
  if (batch.length > 0) yield batch.join('\n') + '\n';
}

async function copyOnClient(client: pg.PoolClient, table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]) {
  if (rows.length === 0) return;
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)) as unknown as Writable;
  await pipeline(Readable.from(copyLines(rows)), stream);
}

/** Multi-row INSERTs, in statements of at most ~30,000 parameters. */
async function insertRows(tx: Tx, table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]) {
  const per = Math.max(1, Math.floor(30_000 / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const values = rows.slice(i, i + per).map(
      (row) =>
        sql`(${sql.join(
          row.map((v) => sql`${v instanceof Date ? v.toISOString() : v}`),
          sql`, `,
        )})`,
    );
    await tx.execute(sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) values ${sql.join(values, sql`, `)}`);
  }
}

/**
 * Runs `work` against the database. PostgreSQL: on one connection of its own (COPY needs the
 * transaction's own client). `dryRun`: everything rolled back at the end, the work's answer kept.
 */
export async function withTarget<T>(database: Database, opts: { dryRun: boolean }, work: (target: Target) => Promise<T>): Promise<T> {
  let db: Db = database.db;
  let client: pg.PoolClient | undefined;
  if (database.kind === 'postgres' && database.pool) {
    client = await database.pool.connect();
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const schema = await import('../../db/schema.js');
    db = drizzle(client, { schema }) as unknown as Db;
  }
  const copy: Target['copy'] = client ? (_tx, table, columns, rows) => copyOnClient(client, table, columns, rows) : insertRows;
  try {
    if (!opts.dryRun) return await work({ kind: database.kind, db, chunk: (w) => inTransaction(db, w), copy });
    let answer: T | undefined;
    try {
      await inTransaction(db, async (outer) => {
        const inner = outer as unknown as Db;
        answer = await work({ kind: database.kind, db: inner, chunk: (w) => inTransaction(inner, w), copy });
        throw new DryRunRollback();
      });
    } catch (err) {
      if (!(err instanceof DryRunRollback)) throw err;
    }
    return answer as T;
  } finally {
    client?.release();
  }
}
