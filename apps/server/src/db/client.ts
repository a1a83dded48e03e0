import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema.js';
import { safeError } from '../logging.js';
import { copyTemplate, templateIn } from './pgliteTemplate.js';

export type Schema = typeof schema;
/** The one database type the code uses: identical API on PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs every pending migration (idempotent). */
  migrate(): Promise<void>;
  /**
   * PGlite only: the data directory as a gzipped tar, taken while no statement runs (PGlite's query
   * lock), so it holds every transaction committed so far (ops/backup.ts).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
  /** Dedicated connection for LISTEN/NOTIFY-style work; PGlite has only one. */
  pool: pg.Pool | undefined;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * How long a request waits for a connection (a new one to a server that does not answer, or a free
 * one from a full pool) before it is refused as "database unavailable" (503) instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

// Each database's driver is loaded when it is opened: a start loads one of the two, not both.

export async function openPostgres(url: string, max = 20): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client can lose its connection (server restart, failover); without a listener that
  // error would crash the process. The pool replaces the client on the next checkout.
  pool.on('error', (err) => {
    process.stderr.write(`postgres: idle connection lost (${safeError(err).message})\n`);
  });
  // A client checked out (a transaction between two statements) has no pool listener: its lost
  // connection would be an unhandled 'error' event, which ends the process. The failure reaches
  // the query that was running, or the next one on that client; the pool then drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // bigint (int8) columns come back as strings by default; ours are all within 2^53.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * dataDir undefined = in memory (tests). `loadDataDir`: a dump of dumpDataDir to start from (a restore).
 * `templateFolder`: where a new data directory's prepared database is looked for (the compiled server's folder).
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob; templateFolder?: string } = {}): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pgData = dataDir ? path.join(dataDir, 'pglite') : undefined;
  // A first start of the compiled server begins from the build's prepared database (db/pgliteTemplate.ts).
  if (pgData && !opts.loadDataDir && !fs.existsSync(pgData)) {
    const template = templateIn(opts.templateFolder ?? import.meta.dirname, migrationsFolder);
    if (template) copyTemplate(template, pgData);
  }
  const client = new PGlite(pgData, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

/**
 * The replicas' pool (DATABASE_READ_URL), for the lag-tolerant reads only (app.lagTolerantDb; docs/operations.md); undefined
 * when none is configured or the primary is the embedded PGlite (which has no replicas).
 */
export async function openReadDatabase(opts: { databaseUrl?: string; databaseReadUrl?: string }): Promise<Database | undefined> {
  if (!opts.databaseUrl || !opts.databaseReadUrl) return undefined;
  return openPostgres(opts.databaseReadUrl, 10);
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
