import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A first start on the embedded database skips PGlite's initdb (most of a first start: several seconds
 * of WebAssembly) by copying a data directory prepared at build time: an empty database with every
 * migration applied, closed cleanly (`npm run build:prod` writes it beside the compiled server). A
 * plain file copy, not PGlite's tarball loading, which writes each file through its emulated file
 * system at about twice the cost. No user, seed or secret is in it — demo content, passwords and the
 * games' hash chains are made by each start as before. It is used only when it was made from exactly
 * these migrations with this PGlite; otherwise the start creates its database the slow way, so a stale
 * template costs time, never correctness.
 */
export const TEMPLATE_DIR = 'pglite-template';
const MANIFEST_FILE = 'pglite-template.json';

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What the template must have been made from: every migration file's bytes and PGlite's version. */
export function templateFingerprint(migrationsFolder: string): string {
  const hash = crypto.createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder)) hash.update(`${path.relative(migrationsFolder, file)}\n`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** The prepared data directory in `folder`, when it matches these migrations; undefined otherwise. */
export function templateIn(folder: string, migrationsFolder: string): string | undefined {
  const template = path.join(folder, TEMPLATE_DIR);
  const manifest = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(path.join(template, 'PG_VERSION')) || !fs.existsSync(manifest)) return undefined;
  const { fingerprint } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { fingerprint?: string };
  return fingerprint === templateFingerprint(migrationsFolder) ? template : undefined;
}

/**
 * A new data directory `pgData` as a copy of the template, made under another name and renamed into
 * place, so a start that dies while copying leaves no half database behind (the next start copies again).
 */
export function copyTemplate(template: string, pgData: string): void {
  const partial = `${pgData}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.renameSync(partial, pgData);
}

/** Build time: a PGlite database in `folder`, every migration applied, closed, with its manifest. */
export async function writeTemplate(folder: string, migrationsFolder: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const template = path.join(folder, TEMPLATE_DIR);
  fs.rmSync(template, { recursive: true, force: true });
  // 1 MB write-ahead-log segments instead of 16: that one segment of zeros was most of the copy's time. The log works the same with smaller files.
  const client = new PGlite(template, { initDbStartParams: ['--wal-segsize=1'] });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // The copy holds only the database the server uses: PostgreSQL's two template databases (~14 MB,
    // used by CREATE DATABASE, which the embedded server never runs) are not copied at every first start.
    for (const name of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${name}`); // one statement: DROP DATABASE refuses a transaction block
    }
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify({ fingerprint: templateFingerprint(migrationsFolder) })}\n`);
}
