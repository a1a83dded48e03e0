import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A first start on the embedded database skips PGlite's initdb (most of a first start: several seconds
 * of WebAssembly) by loading a data directory prepared at build time: an empty database with every
 * migration applied (`npm run build:prod` writes it beside the compiled server). No user, seed or
 * secret is in it — demo content, passwords and the games' hash chains are made by each start as
 * before. It is used only when it was made from exactly these migrations with this PGlite; otherwise
 * the start creates its database the slow way, so a stale template costs time, never correctness.
 */
export const TEMPLATE_FILE = 'pglite-template.tar.gz';
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
export function readTemplate(folder: string, migrationsFolder: string): Blob | undefined {
  const tarball = path.join(folder, TEMPLATE_FILE);
  const manifest = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(tarball) || !fs.existsSync(manifest)) return undefined;
  const { fingerprint } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { fingerprint?: string };
  if (fingerprint !== templateFingerprint(migrationsFolder)) return undefined;
  return new Blob([fs.readFileSync(tarball)]);
}

/** Build time: an in-memory PGlite, every migration applied, dumped into `folder` with its manifest. */
export async function writeTemplate(folder: string, migrationsFolder: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(path.join(folder, TEMPLATE_FILE), Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(path.join(folder, MANIFEST_FILE), `${JSON.stringify({ fingerprint: templateFingerprint(migrationsFolder) })}\n`);
  } finally {
    await client.close();
  }
}
