/**
 * Where every PGlite test database starts: a copy of the build's prepared database (db/pgliteTemplate.ts,
 * every migration applied), opened from its own scratch directory. A new in-memory PGlite cost each test
 * database about 2½ s of CPU (its initdb and the migrations; loading a dump into memory costs as much);
 * copying the prepared directory and opening it costs about ½ s. The template is written once per set of
 * migrations and PGlite version (its manifest holds their fingerprint, and a stale one is never used) under
 * node_modules/.cache, by vitest's global setup before the files run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { migrationsFolder, openPglite, type Database } from '../src/db/client.js';
import { copyTemplate, templateIn, writeTemplate } from '../src/db/pgliteTemplate.js';

export const TEMPLATE_FOLDER = path.resolve(import.meta.dirname, '../../../node_modules/.cache/lucky28-test-pglite');

/** Writes the template unless one for these migrations exists. */
export async function prepareTestTemplate(): Promise<void> {
  if (templateIn(TEMPLATE_FOLDER, migrationsFolder)) return;
  // Written beside and renamed into place, so a run that dies mid-write (or one running alongside) never
  // sees half a template.
  const partial = `${TEMPLATE_FOLDER}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  await writeTemplate(partial, migrationsFolder);
  fs.rmSync(TEMPLATE_FOLDER, { recursive: true, force: true });
  try {
    fs.renameSync(partial, TEMPLATE_FOLDER);
  } catch (err) {
    // Another run put its (identical) template there first.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!templateIn(TEMPLATE_FOLDER, migrationsFolder)) throw err;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of scratch database directories (removed after the run, with any left open). */
    scratchDatabases: string;
  }
}

/**
 * Makes `dataDir`'s database (`<dataDir>/pglite`, where the server keeps it) a copy of the template, for a
 * server process started on it; nothing when the template is missing or stale (the start then makes its own).
 */
export function seedFromTemplate(dataDir: string): void {
  const template = templateIn(TEMPLATE_FOLDER, migrationsFolder);
  if (template) copyTemplate(template, path.join(dataDir, 'pglite'));
}

/** A PGlite test database in a scratch directory, begun from the template; the directory goes when it closes. */
export async function openScratchPglite(): Promise<Database> {
  const root = inject('scratchDatabases') ?? os.tmpdir();
  const dataDir = fs.mkdtempSync(path.join(root, 'db-'));
  const database = await openPglite(dataDir, { templateFolder: TEMPLATE_FOLDER });
  const close = database.close;
  database.close = async () => {
    try {
      await close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  return database;
}
