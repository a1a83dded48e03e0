/**
 * What every crash test does: keep its data where server processes and the test take turns to open
 * it, start a process that stops inside a transaction, kill it there with SIGKILL, and reopen the
 * data to look. Under `npm test` the data is a file-backed PGlite (it replays its write-ahead log
 * after a kill, like PostgreSQL); with TEST_DATABASE_URL a scratch PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { createScratchDatabase, usingPostgres } from '../helpers.js';
import { seedFromTemplate } from '../pgliteScratch.js';
import { startServerProcess, type ServerProcess } from '../serverProcess.js';

export interface CrashData {
  dataDir: string;
  /** The environment of every process on this data (no demo passwords printed into the test log), plus `extra`. */
  serverEnv(extra?: Record<string, string>): Promise<Record<string, string>>;
  /** Opens the test's own connection to the data (only while no process has it), migrated. */
  open(): Promise<Database>;
}

/** This test file's data (`name`: the temporary directory's and scratch database's prefix), removed after its tests. */
export function crashData(name: string): CrashData {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lucky28-${name}-`));
  // The data begins as a compiled server's first start begins it: from the prepared database (test/pgliteScratch.ts).
  if (!usingPostgres) seedFromTemplate(dataDir);
  const scratch = usingPostgres ? createScratchDatabase(process.env.TEST_DATABASE_URL!, `lucky28_${name}`) : undefined;
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await (await scratch)?.drop();
  });
  return {
    dataDir,
    serverEnv: async (extra = {}) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: (await scratch)?.url ?? '',
      DEMO_PASSWORD: 'crash-demo-pass-1',
      OPERATOR_PASSWORD: 'crash-operator-pass-1',
      LOG_LEVEL: 'warn',
      ...extra,
    }),
    open: async () => {
      const s = await scratch;
      const database = s ? await openPostgres(s.url, 5) : await openPglite(dataDir);
      await database.migrate();
      return database;
    },
  };
}

export interface KillOptions {
  /** The process to start, relative to apps/server (one of the pausing entries in this folder). */
  entry: string;
  /** What the process prints once it has stopped inside the transaction. */
  paused: RegExp;
  /**
   * Makes a listening process reach the pause (a request to it); without it the process gets there
   * by itself. With it, the process must print `LISTENING` once it listens.
   */
  trigger?: (server: ServerProcess) => void;
}

/** Starts `entry` with `env`, waits until it has stopped inside its transaction, and kills it there with SIGKILL. */
export async function killInsideTransaction(env: Record<string, string>, { entry, paused, trigger }: KillOptions): Promise<void> {
  const server = await startServerProcess(env, { entry, waitFor: trigger ? /LISTENING/ : paused });
  if (trigger) {
    trigger(server);
    const deadline = Date.now() + 60_000;
    while (!paused.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }
  expect(server.output()).toMatch(paused);
  await server.stop('SIGKILL');
  expect(server.child.signalCode, server.output()).toBe('SIGKILL');
}
