import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client.js';

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Readiness: resolves when the database answers a trivial query. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs `query` as a named prepared statement on PostgreSQL (parsed and planned once per connection;
 * `name` must always go with the same SQL text), as a plain query on PGlite. Outside any transaction.
 */
export async function preparedRows<T>(database: Database, name: string, query: SQL): Promise<T[]> {
  if (database.kind !== 'postgres' || !database.pool) return queryRows<T>(database.db, query);
  const { sql: text, params } = (database.db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const result = await database.pool.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}

/**
 * A statement run often, prepared once by `name` on each PostgreSQL connection, whose text is worked
 * out once too: `build` is called once with a placeholder for each value (drizzle turning a long
 * statement into text costs more than the statement's own parameters), and each run only fills in its
 * values. `build` must give the same text for any values: every value a bind parameter, never a
 * fragment chosen by a value. On PGlite (no named statements) each run builds the statement with its values.
 */
export function preparedStatement<V extends Record<string, unknown>>(name: string, build: (values: V) => SQL) {
  let prepared: { sql: string; params: unknown[] } | undefined;
  const placeholders = new Proxy({}, { get: (_, key) => sql.placeholder(String(key)) }) as V;
  return async <T>(database: Database, values: V): Promise<T[]> => {
    if (database.kind !== 'postgres' || !database.pool) return queryRows<T>(database.db, build(values));
    prepared ??= (database.db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(build(placeholders));
    const result = await database.pool.query({ name, text: prepared.sql, values: fillPlaceholders(prepared.params, values) });
    return result.rows as T[];
  };
}

/**
 * A PostgreSQL array literal of `values` (NULL for null), sent as ONE text parameter and cast in the
 * SQL (`${pgArray(ids)}::int[]`): the statement's text stays the same whatever the length, so it can
 * be prepared once, on both drivers.
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * A named integer constant written into the SQL text (not a bind parameter), so raw SQL can say
 * `LedgerType.purchase` where it would say `2` and keep the plan a literal gets (partial indexes).
 */
export function literal(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`literal: not an integer: ${value}`);
  return sql.raw(String(value));
}
