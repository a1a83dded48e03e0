/**
 * The embedded database's first start from the build's prepared database (db/pgliteTemplate.ts): a new
 * data directory starts migrated (no initdb, no migration run), and a template made from other
 * migrations is ignored — that start creates its database the slow way and still works. An existing
 * data directory is never touched by the template.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openPglite } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { templateFingerprint, templateIn, writeTemplate } from '../../src/db/pgliteTemplate.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-template-'));
const templateFolder = path.join(work, 'built');
const migrationCount = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries.length as number;

/** Migrations recorded as applied, or null when drizzle's table does not exist yet. */
async function appliedMigrations(dataDir: string, opts: { templateFolder: string }): Promise<number | null> {
  const database = await openPglite(dataDir, opts);
  try {
    const [row] = await queryRows<{ present: boolean }>(database.db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
    if (!row?.present) return null;
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return count!.n;
  } finally {
    await database.close();
  }
}

/** Rows the second test wrote into `dataDir`'s settings (opened with the template as the start would). */
async function templateChecks(dataDir: string): Promise<number> {
  const database = await openPglite(dataDir, { templateFolder });
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from settings where key = 'template_check'`);
    return row!.n;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  fs.mkdirSync(templateFolder);
  await writeTemplate(templateFolder, migrationsFolder);
}, 180_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a first start from the prepared database', () => {
  it('is written with the fingerprint of these migrations and read back', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(templateFolder, 'pglite-template.json'), 'utf8'));
    expect(manifest.fingerprint).toBe(templateFingerprint(migrationsFolder));
    expect(templateIn(templateFolder, migrationsFolder)).toBe(path.join(templateFolder, 'pglite-template'));
  });

  it('begins a new data directory with every migration already applied, and the start migrates and serves from it', async () => {
    const dataDir = path.join(work, 'fresh');
    expect(await appliedMigrations(dataDir, { templateFolder })).toBe(migrationCount);
    const database = await openPglite(dataDir, { templateFolder });
    try {
      await database.migrate();
      // Only the server's own database is copied (the build drops PostgreSQL's template databases).
      const databases = await queryRows<{ datname: string }>(database.db, sql`select datname from pg_database`);
      expect(databases.map((d) => d.datname)).toEqual(['postgres']);
      await database.db.execute(sql`insert into settings (key, value) values ('template_check', '"ok"')`);
      const [row] = await queryRows<{ value: unknown }>(database.db, sql`select value from settings where key = 'template_check'`);
      expect(row?.value).toBe('ok');
    } finally {
      await database.close();
    }
  }, 120_000);

  it('leaves an existing data directory as it is, and the template as it was', async () => {
    const dataDir = path.join(work, 'fresh');
    expect(await templateChecks(dataDir)).toBe(1);
    const copy = path.join(work, 'again');
    expect(await appliedMigrations(copy, { templateFolder })).toBe(migrationCount);
    expect(await templateChecks(copy)).toBe(0);
    expect(fs.readdirSync(copy)).toEqual(['pglite']); // the copy was renamed into place, nothing left beside it
  }, 120_000);

  it('ignores a template made from other migrations: the start creates its database itself', async () => {
    const stale = path.join(work, 'stale');
    fs.cpSync(templateFolder, stale, { recursive: true });
    fs.writeFileSync(path.join(stale, 'pglite-template.json'), JSON.stringify({ fingerprint: 'made from other migrations' }));
    expect(templateIn(stale, migrationsFolder)).toBeUndefined();
    const dataDir = path.join(work, 'initdb');
    expect(await appliedMigrations(dataDir, { templateFolder: stale })).toBeNull();
    const database = await openPglite(dataDir, { templateFolder: stale });
    try {
      await database.migrate();
      const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(count!.n).toBe(migrationCount);
    } finally {
      await database.close();
    }
  }, 180_000);
});
