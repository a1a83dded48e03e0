/**
 * Where the bench's data lives: a scratch database created next to DATABASE_URL's (dropped at the
 * end), or a PGlite directory in the temp folder (removed at the end). Nothing touches the database
 * DATABASE_URL names.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** Environment for the server under test: DATABASE_URL or DATA_DIR. */
  serverEnv: Record<string, string>;
  /** Opens it in the bench's own process (PGlite: only while no server has it open). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Runs one statement on DATABASE_URL's server (create/drop database cannot run in a transaction). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function scratchPostgres(adminUrl: string, label: string): Promise<BenchDatabase & { url: string }> {
  const name = `lucky28_bench_${label}_${process.pid}`;
  await admin(adminUrl, `drop database if exists ${name}`);
  await admin(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  return {
    kind: 'postgres',
    url,
    serverEnv: { DATABASE_URL: url },
    open: () => openPostgres(url, 8),
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A PGlite folder in the temp folder, removed at the end; or `kept`, a folder kept between runs. */
export function scratchPglite(kept?: string): BenchDatabase {
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-bench-pglite-'));
  return {
    kind: 'pglite',
    // DATABASE_URL empty: the server under test must not take the bench's own DATABASE_URL from the environment.
    serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
    open: () => openPglite(dir),
    drop: async () => {
      if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
