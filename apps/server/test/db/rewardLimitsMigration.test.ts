/**
 * Migration 0015 (issue 42, docs/design.md "Rewards") on a database already at 0018: drizzle's migrator
 * applies only entries newer than the last one applied, so 0015 is dated after 0018 in the journal. Rows
 * that already break its rules are put right: a campaign overlapping an older one of its kind is turned off,
 * a rakeback whose top tier with the referral reaches the edge is lowered to the most allowed, or turned off
 * when the referral alone leaves no room.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.js';
import { createScratchDatabase } from '../helpers.js';

interface Target {
  query: (text: string) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

async function openTarget(): Promise<Target> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return {
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await createScratchDatabase(serverUrl, 'farm_edge_mig');
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async (text) => (await pool.query(text)).rows as Record<string, unknown>[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

const journalOf = (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };

/** The migrations as they were before 0015: every file, the journal up to the entry before it (later ones came after it too). */
function foldersBefore0015(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-mig-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journal = journalOf(dir);
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag.startsWith('0015_')),
  );
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

const target = await openTarget();
const before = foldersBefore0015();
afterAll(async () => {
  await target.close();
  fs.rmSync(before, { recursive: true, force: true });
});

const tiers = (...rates: number[]) =>
  JSON.stringify({ tiers: rates.map((rate_bp, i) => ({ name: { zh: 'a', tw: 'a', en: 'a', vi: 'a' }, min_stake: i * 1000, rate_bp })) });
const campaign = (id: number, kind: string, terms: string, starts: string, ends: string | null) =>
  target.query(`
    insert into campaigns (id, kind, title, terms_text, terms, starts_at, ends_at, enabled)
    values (${id}, '${kind}', '{}', '{}', '${terms}'::jsonb, '${starts}', ${ends === null ? 'null' : `'${ends}'`}, true)`);

describe('migration 0015 on a database at 0018', () => {
  it('is applied, puts right the rows breaking its rules, and refuses new ones', async () => {
    await target.migrate(before);
    const applied = async () => Number((await target.query('select count(*)::int as n from drizzle.__drizzle_migrations'))[0]!.n);
    const atStart = await applied();
    const bonus = JSON.stringify({ percent: 50, cap: 10000, wager_multiple: 3 });
    const checkIn = JSON.stringify({ rewards: [1, 2, 3, 4, 5, 6, 7] });
    // A rakeback paying 90 % at its top with the default referral (25 %), and a second one overlapping it.
    await campaign(1, 'rakeback', tiers(1_000, 9_000), '2025-01-01', '2025-12-01');
    await campaign(2, 'rakeback', tiers(500), '2025-06-01', null);
    // Bonuses: the second overlaps the first; the third overlaps only the second, which goes.
    await campaign(3, 'first_deposit', bonus, '2025-01-01', '2025-02-01');
    await campaign(4, 'first_deposit', bonus, '2025-01-15', null);
    await campaign(5, 'first_deposit', bonus, '2025-03-01', null);
    // A check-in ended before it started holds no time: the other one stays.
    await campaign(6, 'check_in', checkIn, '2025-05-01', '2025-04-01');
    await campaign(7, 'check_in', checkIn, '2025-04-15', null);
    // A referral paying the whole edge from 2026: the rakeback starting then has no room left.
    await target.query(`insert into referral_settings values ('2026-01-01', true, 5000, 5000, true, 100, null, now())`);
    await campaign(8, 'rakeback', tiers(100), '2026-02-01', null);

    await target.migrate(migrationsFolder);
    // 0015 and every migration after it, each once.
    expect(await applied()).toBe(journalOf(migrationsFolder).entries.length);
    expect(atStart).toBeLessThan(journalOf(migrationsFolder).entries.length);
    const rows = await target.query(`select id, enabled, terms from campaigns order by id`);
    const state = Object.fromEntries(rows.map((r) => [Number(r.id), Boolean(r.enabled)]));
    expect(state).toEqual({ 1: true, 2: false, 3: true, 4: false, 5: true, 6: true, 7: true, 8: false });
    const first = rows.find((r) => Number(r.id) === 1)!.terms as { tiers: { rate_bp: number }[] };
    expect(first.tiers.map((t) => t.rate_bp)).toEqual([1_000, 7_499]);

    // From now on the database refuses either: an overlap, a top tier reaching the edge.
    await expect(campaign(9, 'first_deposit', bonus, '2025-03-02', null)).rejects.toMatchObject({ code: '23P01' });
    await expect(target.query(`update campaigns set terms = '${tiers(1_000, 7_500)}'::jsonb where id = 1`)).rejects.toMatchObject({
      code: '23514',
      constraint: 'reward_edge_share',
    });
    // Migrating again changes nothing.
    await target.migrate(migrationsFolder);
    // 0015 and every migration after it, each once.
    expect(await applied()).toBe(journalOf(migrationsFolder).entries.length);
    expect(atStart).toBeLessThan(journalOf(migrationsFolder).entries.length);
  });
});
