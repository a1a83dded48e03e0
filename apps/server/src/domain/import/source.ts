/**
 * The source: the previous product's MySQL / MariaDB database, read through mysql2. Only reads — the
 * importer never writes to it. Big tables are read in chunks by ascending id (keyset), so a run can
 * resume after the last id it finished and no chunk holds a long lock on the source.
 */
import mysql from 'mysql2/promise';
import { schemaProblems, type SourceColumn } from './sourceSchema.js';

export type SourceRow = Record<string, unknown>;

export interface Source {
  /** The address without its password (what the run journal and the report name). */
  readonly label: string;
  /** The rows of `table` with id > `after`, by id, at most `limit`. */
  chunk(table: string, columns: string, after: number, limit: number, where?: string): Promise<SourceRow[]>;
  /** Any read-only query of the whole source (small tables and sums). */
  rows(query: string, params?: unknown[]): Promise<SourceRow[]>;
  /** Another connection to the same source (phases that run side by side read on their own). */
  fork(): Promise<Source>;
  close(): Promise<void>;
}

/** `mysql://user:pass@host:3306/pc28vue` without its password. */
export function sourceLabel(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'mysql://(unreadable address)';
  }
}

export async function openSource(url: string): Promise<Source> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--from is not an address: expected mysql://user:password@host:3306/database`);
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') throw new Error(`--from must be a mysql:// address (got ${parsed.protocol})`);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new Error('--from names no database: expected mysql://user:password@host:3306/database');
  const connection = await mysql.createConnection({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
    charset: 'utf8mb4',
    // DECIMAL as text: money is parsed to the cent, never through a float.
    decimalNumbers: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    connectTimeout: 10_000,
  });
  // A consistent read of each statement; the old site may still be writing while we rehearse.
  await connection.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  const label = sourceLabel(url);
  return {
    label,
    async chunk(table, columns, after, limit, where) {
      const [rows] = await connection.query(`SELECT ${columns} FROM \`${table}\` WHERE id > ? ${where ? `AND (${where})` : ''} ORDER BY id LIMIT ?`, [
        after,
        limit,
      ]);
      return rows as SourceRow[];
    },
    async rows(query, params = []) {
      const [rows] = await connection.query(query, params);
      return rows as SourceRow[];
    },
    fork: () => openSource(url),
    close: () => connection.end(),
  };
}

/** The source's columns of the tables the importer reads, from INFORMATION_SCHEMA. */
export async function sourceColumns(source: Source): Promise<SourceColumn[]> {
  const rows = await source.rows(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d, NUMERIC_SCALE AS s
     FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'fa\\_%'`,
  );
  return rows.map((r) => ({ table: String(r.t), column: String(r.c), dataType: String(r.d), scale: r.s === null ? null : Number(r.s) }));
}

/** Refuses, with every problem listed, a source that lacks a table or column the importer needs. */
export async function checkSource(source: Source): Promise<void> {
  const problems = schemaProblems(await sourceColumns(source));
  if (problems.length > 0) throw new SourceSchemaError(problems);
}

export class SourceSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(`the source is not the database the importer knows; nothing was written:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
