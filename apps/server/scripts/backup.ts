/**
 * `npm run backup [-- --out <dir>]`: a consistent backup of the embedded database (PGlite) and the private
 * uploads of DATA_DIR (default ./data), taken while the server runs (ops/backup.ts). With a server
 * running on that directory it is asked with SIGUSR2 and the backup is taken inside it; without one the
 * database is opened here. The backup is left in DATA_DIR/backups, or moved to `--out`.
 * PostgreSQL (DATABASE_URL set) is backed up with pgBackRest instead (docs/operations.md "Backups and restore").
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';
import { BACKUPS_DIR, finishedBackups, runningServer, takeBackup } from '../src/ops/backup.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back PostgreSQL up with pgBackRest (docs/operations.md "Backups and restore").');
  const outAt = process.argv.indexOf('--out');
  const out = outAt > 0 ? process.argv[outAt + 1] : undefined;
  if (outAt > 0 && !out) throw new Error('--out needs a directory');
  const into = path.join(config.dataDir, BACKUPS_DIR);
  const pid = runningServer(config.dataDir);
  let dir: string;
  if (pid) {
    const before = new Set(finishedBackups(into));
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + 300_000;
    for (;;) {
      const found = finishedBackups(into).find((d) => !before.has(d));
      if (found) {
        dir = found;
        break;
      }
      if (Date.now() > deadline) throw new Error(`the server (pid ${pid}) wrote no backup in 5 minutes: see its log ("backup failed")`);
      await sleep(200);
    }
  } else {
    const database = await openPglite(config.dataDir);
    try {
      dir = await takeBackup(database, config.dataDir, into);
    } finally {
      await database.close();
    }
  }
  if (out) {
    const target = path.join(path.resolve(out), path.basename(dir));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(dir, target, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    dir = target;
  }
  console.log(`backup written to ${dir}${pid ? ` (taken by the running server, pid ${pid})` : ''}`);
}

main().catch((err: Error) => {
  console.error(`backup failed: ${err.message}`);
  process.exit(1);
});
