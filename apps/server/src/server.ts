import net from 'node:net';
import { loadConfig } from './config.js';
import { openDatabase, openReadDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemoContent } from './seed/demo.js';
import { isAppBuilt } from './plugins/staticApps.js';
import { safeError } from './logging.js';
import { drainAndClose } from './http/drain.js';
import { backupOnSignal } from './ops/backup.js';

/**
 * Holds the port from the first moment: a port already in use fails the start at once — before a
 * first start seeds the database and generates passwords it could then never print. Released just
 * before the app listens on it.
 */
function reservePort(port: number, host: string): Promise<() => Promise<void>> {
  const holder = net.createServer((early) => early.destroy());
  return new Promise((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(port, host, () => resolve(() => new Promise((closed) => holder.close(() => closed()))));
  });
}

/** Opens the database, migrates, seeds first-start content, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const releasePort = await reservePort(config.port, config.host);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const readDatabase = await openReadDatabase(config);
  const app = await buildApp({ config, database, readDatabase });
  if (config.databaseReadUrl && !readDatabase) app.log.warn('DATABASE_READ_URL is ignored: the embedded database (no DATABASE_URL) has no replicas');
  const seeded = await seedDemoContent(app.db, {
    demoPassword: config.demoPassword,
    operatorPassword: config.operatorPassword,
    log: app.log,
    roundSeconds: config.roundSeconds,
  });

  // The embedded database is backed up by this process on SIGUSR2 (`npm run backup`, ops/backup.ts).
  const stopBackups = database.kind === 'pglite' ? backupOnSignal(database, config.dataDir, app.log) : () => {};

  // SIGTERM (systemd, a rolling restart) drains the node first; SIGINT (Ctrl-C) closes it at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      app.log.error('not closed within 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    await drainAndClose(app, { signal, waitMs: signal === 'SIGTERM' ? config.shutdownDrainMs : 0 });
    stopBackups();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await releasePort();
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Lucky28 is running on ${url}  (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    `  Started in ${process.uptime().toFixed(1)} s`,
    `  Player app:       ${url}/`,
    isAppBuilt(config.adminDist)
      ? `  Operator console: ${url}/admin/`
      : `  Operator API:     ${url}/api/admin/  (see docs/api.md; the console screens are not built yet)`,
  ];
  // A password chosen in the environment is never repeated; a generated one is shown this once.
  if (seeded.demoPassword) {
    lines.push(`  Demo player:      demo / ${config.demoPassword ? '(the password in DEMO_PASSWORD)' : seeded.demoPassword}`);
  }
  if (seeded.operatorPassword) {
    lines.push(
      config.operatorPassword
        ? '  Operator login:   admin / (the password in OPERATOR_PASSWORD)'
        : `  Operator login:   admin / ${seeded.operatorPassword}   (shown once; keep it safe)`,
    );
  }
  if (!seeded.demoPassword && !seeded.operatorPassword) lines.push('  (Demo and operator passwords were printed at first start.)');
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  const safe = safeError(err);
  console.error(`Lucky28 could not start: ${safe.stack || safe.message}`);
  process.exit(1);
});
