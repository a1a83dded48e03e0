/**
 * Before any test file runs: the prepared database the files' PGlite databases are copied from, and the
 * run's folder for their scratch directories, removed with whatever a file left open (test/pgliteScratch.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareTestTemplate } from './pgliteScratch.js';

export default async function setup(project: TestProject): Promise<() => void> {
  if (!process.env.TEST_DATABASE_URL) await prepareTestTemplate();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-testdbs-'));
  project.provide('scratchDatabases', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
