/**
 * `npm run restore -- <backup directory>`: restores a backup made by `npm run backup` into DATA_DIR
 * (default ./data), which must hold no database (a new directory, or the old one moved away) and no
 * running server (ops/backup.ts). Start the server on it afterwards.
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { restoreBackup, runningServer } from '../src/ops/backup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const from = process.argv[2];
  if (!from) throw new Error('usage: npm run restore -- <backup directory>   (into DATA_DIR, default ./data)');
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: restore PostgreSQL with pgBackRest (docs/operations.md "Backups and restore").');
  const pid = runningServer(config.dataDir);
  if (pid) throw new Error(`a server (pid ${pid}) is running on ${config.dataDir}: stop it first`);
  const manifest = await restoreBackup(path.resolve(from), config.dataDir);
  console.log(`restored the backup of ${manifest.takenAt} into ${config.dataDir} (${manifest.uploads} uploads)`);
}

main().catch((err: Error) => {
  console.error(`restore failed: ${err.message}`);
  process.exit(1);
});
