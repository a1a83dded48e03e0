/**
 * Backups of the embedded database (PGlite) and the private uploads (docs/operations.md "Backups and restore").
 *
 * A backup is a directory `lucky28-backup-<time>/` holding `pglite.tar.gz` (PGlite's dumpDataDir: the
 * data directory read while no statement runs — PGlite's query lock — so it is what a crash at that
 * instant would leave: every committed transaction is in it, one still open is rolled back when the
 * copy is opened), `uploads/` (copied after the database, so every upload a row of the copy names is
 * there), the operators' key file when there is one (it opens their sealed TOTP secrets), and
 * `manifest.json`, written last: a directory without it is not a finished backup.
 *
 * PGlite is one process's database: only the server holding it can read it consistently. A running
 * server takes a backup when it receives SIGUSR2 (server.ts; a local operator's signal, no network
 * path); `npm run backup` (scripts/backup.ts) sends it, or opens the database itself when no server runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { openPglite } from '../db/client.js';
import { uploadDir } from '../domain/wallet/uploads.js';
import { KEY_FILE } from '../domain/operators/secretBox.js';

export const BACKUPS_DIR = 'backups';
export const PID_FILE = 'lucky28.pid';
const DATABASE_FILE = 'pglite.tar.gz';
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  takenAt: string;
  database: 'pglite';
  uploads: number;
  operatorKey: boolean;
}

/** Takes a backup of `dataDir`'s database (open in `database`) and uploads into a new directory under `intoDir`. */
export async function takeBackup(database: Database, dataDir: string, intoDir: string): Promise<string> {
  if (!database.dumpDataDir) throw new Error('Only the embedded database (PGlite) is backed up this way; PostgreSQL uses pgBackRest (docs/operations.md).');
  const takenAt = new Date();
  const dir = path.join(intoDir, `lucky28-backup-${takenAt.toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(dir, { recursive: true });
  const dump = await database.dumpDataDir();
  fs.writeFileSync(path.join(dir, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
  const uploads = uploadDir(dataDir);
  let files = 0;
  if (fs.existsSync(uploads)) {
    fs.cpSync(uploads, path.join(dir, 'uploads'), { recursive: true });
    files = fs.readdirSync(uploads).length;
  }
  const key = path.join(dataDir, KEY_FILE);
  const operatorKey = fs.existsSync(key);
  if (operatorKey) fs.copyFileSync(key, path.join(dir, KEY_FILE));
  const manifest: BackupManifest = { takenAt: takenAt.toISOString(), database: 'pglite', uploads: files, operatorKey };
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return dir;
}

/** The finished backups under `intoDir` (those with a manifest), oldest first. */
export function finishedBackups(intoDir: string): string[] {
  if (!fs.existsSync(intoDir)) return [];
  return fs
    .readdirSync(intoDir)
    .filter((name) => name.startsWith('lucky28-backup-') && fs.existsSync(path.join(intoDir, name, MANIFEST)))
    .sort()
    .map((name) => path.join(intoDir, name));
}

/**
 * Restores a backup into `dataDir`, which must hold no database yet (a new directory, or the old one
 * moved away): the database is unpacked and opened once (PGlite recovers it as after a crash), then
 * the uploads and the key file are copied.
 */
export async function restoreBackup(backupDir: string, dataDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${backupDir} is not a finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (fs.existsSync(path.join(dataDir, 'pglite'))) throw new Error(`${dataDir} already holds a database: restore into a new directory, or move it away first`);
  const dump = new Blob([fs.readFileSync(path.join(backupDir, DATABASE_FILE))], { type: 'application/x-gzip' });
  const database = await openPglite(dataDir, { loadDataDir: dump });
  try {
    await database.migrate(); // a backup from an older version is brought up to this one
  } finally {
    await database.close();
  }
  if (fs.existsSync(path.join(backupDir, 'uploads'))) fs.cpSync(path.join(backupDir, 'uploads'), uploadDir(dataDir), { recursive: true });
  if (manifest.operatorKey) fs.copyFileSync(path.join(backupDir, KEY_FILE), path.join(dataDir, KEY_FILE));
  return manifest;
}

/** Whether a server process holding `dataDir`'s database is running (its pid file names a live process). */
export function runningServer(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // left behind by a crash
  }
}

/**
 * In the server holding the PGlite database: writes the pid file `npm run backup` reads, and takes a
 * backup (into DATA_DIR/backups) on each SIGUSR2, one at a time. Returns the function undoing both.
 */
export function backupOnSignal(
  database: Database,
  dataDir: string,
  log: { info(o: object, msg: string): void; error(o: object, msg: string): void },
): () => void {
  const pidFile = path.join(dataDir, PID_FILE);
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  let running = false;
  const onSignal = () => {
    if (running) return;
    running = true;
    const started = Date.now();
    takeBackup(database, dataDir, path.join(dataDir, BACKUPS_DIR))
      .then(
        (dir) => log.info({ dir, ms: Date.now() - started }, 'backup taken'),
        (err) => log.error({ err }, 'backup failed'),
      )
      .finally(() => (running = false));
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    fs.rmSync(pidFile, { force: true });
  };
}
