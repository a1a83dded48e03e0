/**
 * `npm run import:pc28 -- --from mysql://user:pass@host:3306/pc28vue [--dry-run] [--rooms] [--open]`:
 * brings the previous product's players, balances, requests, payout accounts, referrals and history into
 * the configured database — PGlite in DATA_DIR (the server stopped) or DATABASE_URL — and prints the
 * report. Run it as often as needed while the old site is open; the last run, with the old site
 * read-only, takes --open. docs/import.md has the steps of a move.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { resolveOperatorKey } from '../src/domain/operators/secretBox.js';
import { runningServer } from '../src/ops/backup.js';
import { seedDemoContent } from '../src/seed/demo.js';
import { openSource } from '../src/domain/import/source.js';
import { formatReport } from '../src/domain/import/report.js';
import { runImport } from '../src/domain/import/run.js';

const USAGE = 'usage: npm run import:pc28 -- --from mysql://user:password@host:3306/database [--dry-run] [--rooms] [--open] [--json]';

function parseArgs(argv: string[]) {
  const args = { from: '', dryRun: false, rooms: false, open: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--from') args.from = argv[++i] ?? '';
    else if (a.startsWith('--from=')) args.from = a.slice('--from='.length);
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '--rooms') args.rooms = true;
    else if (a === '--open') args.open = true;
    else if (a === '--json') args.json = true;
    else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  if (!args.from) throw new Error(`--from is required\n${USAGE}`);
  if (args.dryRun && args.open) throw new Error('--dry-run and --open do not go together: a dry run keeps nothing');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  let releaseLock = () => {};
  if (!config.databaseUrl) {
    const pid = runningServer(config.dataDir);
    if (pid) throw new Error(`a Lucky28 server (pid ${pid}) holds the database in ${config.dataDir}: stop it first, then import`);
    releaseLock = holdImportLock(config.dataDir);
  }
  const source = await openSource(args.from);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    // A database never started yet gets what a first start makes (games, rooms, the first operator).
    const seeded = await seedDemoContent(database.db, {
      demoPassword: config.demoPassword,
      operatorPassword: config.operatorPassword,
      roundSeconds: config.roundSeconds,
    });
    if (seeded.operatorPassword && !config.operatorPassword) console.log(`first operator: admin / ${seeded.operatorPassword}   (shown once; keep it safe)`);
    const key = resolveOperatorKey(config.operatorSecretKey, config.dataDir);
    const report = await runImport(database, source, key, {
      dryRun: args.dryRun,
      rooms: args.rooms,
      open: args.open,
      // Source rows per transaction (default 10,000); smaller makes a killed run lose less, larger is a little faster.
      chunkSize: process.env.IMPORT_CHUNK_SIZE ? Number(process.env.IMPORT_CHUNK_SIZE) : undefined,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    console.log(args.json ? JSON.stringify(report) : formatReport(report));
    if (!report.balances_equal || report.reconciliation.length > 0) process.exitCode = 2;
  } finally {
    await source.close();
    await database.close();
    releaseLock();
  }
}

/**
 * One importer at a time on an embedded database (PGlite is one process's): DATA_DIR/import.lock holds
 * the running importer's pid; one left by a killed run is taken over. On PostgreSQL an advisory lock does this.
 */
function holdImportLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'import.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      let alive = false;
      try {
        alive = Number.isInteger(pid) && pid > 0 && process.kill(pid, 0);
      } catch {
        alive = false;
      }
      if (alive) throw new Error(`another import (pid ${pid}) is running on ${dataDir}`);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}

main().catch((err: Error) => {
  console.error(`import refused: ${err.message}`);
  process.exit(1);
});
