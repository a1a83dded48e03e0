/**
 * The pgBackRest restore drill of the two-node test (issue 28 item 3; docs/operations.md "Backups and restore").
 * The shared PostgreSQL the nodes use does not archive its WAL (archive_mode needs a restart of that
 * server), so the drill runs on a private cluster of its own that does, as deploy/pgbackrest/pgbackrest.conf
 * asks: the stanza is created, players bet (the server's own bet path, in this process) while a full
 * backup is taken, the backup is restored into a scratch data directory and started on a spare port,
 * and every bet committed before the backup began is found there, with a clean reconciliation.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { ManualClock } from '../../apps/server/src/clock.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openPostgres } from '../../apps/server/src/db/client.js';
import { queryRows } from '../../apps/server/src/db/query.js';
import { roundAt } from '../../apps/server/src/domain/game/roundClock.js';
import { LedgerType, postLedger } from '../../apps/server/src/domain/ledger/post.js';
import { findDiscrepancies } from '../../apps/server/src/domain/wallet/invariants.js';
import { seedDemoContent } from '../../apps/server/src/seed/demo.js';
import { postgresBin, startPrivatePostgres } from './services.js';

const STANZA = 'drill';
const PLAYERS = 10;

export async function pgBackrestDrill(opts: { port: number; check(ok: boolean, what: string, detail?: unknown): void; log(...args: unknown[]): void }) {
  const { check, log } = opts;
  const started = Date.now();
  // archive_command names the configuration, written once the cluster's data directory is known
  // (nothing is archived before the stanza exists).
  const { dir: drill, conf } = drillDir(opts.port);
  const cluster = await startPrivatePostgres(
    opts.port,
    `-c wal_level=replica -c archive_mode=on -c "archive_command=pgbackrest --config=${conf} --stanza=${STANZA} archive-push %p"`,
  );
  writeConf(conf, drill, path.join(cluster.dir, 'data'), opts.port, cluster.dir);
  const restoredPort = opts.port + 1;
  const restoredData = path.join(cluster.dir, 'restored');
  const pgbackrest = (...args: string[]) => cluster.runAsOwner('pgbackrest', [`--config=${conf}`, `--stanza=${STANZA}`, ...args]);
  let restoredStarted = false;
  try {
    await pgbackrest('stanza-create');
    await pgbackrest('check');
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('create database lucky28');
    await admin.end();

    const database = await openPostgres(cluster.url('lucky28'), 8);
    await database.migrate();
    await seedDemoContent(database.db, { demoPassword: 'drill-demo-pass-1', operatorPassword: 'drill-operator-pass-1' });
    const clock = new ManualClock(Date.now());
    const app = await buildApp({ config: { ...loadConfig({}), scheduler: false }, database, clock, logger: false });
    await app.ready();
    // A moment when a round of game 7 is open, held still: every bet goes into that round.
    clock.set(roundAt(Date.now(), app.game.settings).opensAt + 1000);
    const { issue } = roundAt(clock.now(), app.game.settings);
    const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7 && r.type === 0)!;
    const users = await queryRows<{ id: number }>(
      app.db,
      sql`insert into users (username, password_hash, group_id) select 'drill' || g, 'not-a-login', 1 from generate_series(1, ${PLAYERS}) g returning id`,
    );
    for (const u of users) {
      await app.db.transaction((tx) => postLedger(tx, { userId: u.id, type: LedgerType.gift, wallet: 'money', quantity: 1_000_000_00, memo: 'backup drill' }));
    }

    let betting = true;
    let placed = 0;
    const bettors = users.map(async (u) => {
      while (betting) {
        await app.game.placeBets({ userId: Number(u.id), gameId: 7, roomId: room.id, issue, playTypes: [1], amounts: [1000] });
        placed++;
        await new Promise((r) => setTimeout(r, 50)); // a steady flow, not a flood (each player about 20 bets/s at most)
      }
    });
    while (placed < 200) await new Promise((r) => setTimeout(r, 50));
    const before = (await queryRows<{ id: number }>(app.db, sql`select id from orders`)).map((r) => Number(r.id));
    const backupStarted = Date.now();
    const backup = await pgbackrest('--type=full', 'backup').then(
      () => undefined,
      (err: Error) => err.message,
    );
    const backupMs = Date.now() - backupStarted;
    const during = placed;
    betting = false;
    await Promise.all(bettors);
    await app.close();
    check(
      backup === undefined,
      '(p) a full pgBackRest backup taken while bets flow',
      backup ?? `${backupMs} ms, ${during - before.length} bets placed meanwhile`,
    );

    fs.mkdirSync(restoredData, { mode: 0o700 });
    if (process.getuid?.() === 0) {
      const owner = fs.statSync(cluster.dir);
      fs.chownSync(restoredData, owner.uid, owner.gid);
    }
    await pgbackrest(`--pg1-path=${restoredData}`, '--type=immediate', '--target-action=promote', 'restore');
    await cluster.runAsOwner(path.join(postgresBin(), 'pg_ctl'), [
      '-D',
      restoredData,
      '-l',
      path.join(cluster.dir, 'restored.log'),
      '-w',
      '-t',
      '120',
      '-o',
      `-p ${restoredPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${cluster.dir} -c max_connections=200 -c archive_mode=off`,
      'start',
    ]);
    restoredStarted = true;
    const restored = await openPostgres(`postgres://postgres@127.0.0.1:${restoredPort}/lucky28`, 2);
    try {
      const there = new Set((await queryRows<{ id: number }>(restored.db, sql`select id from orders`)).map((r) => Number(r.id)));
      const missing = before.filter((id) => !there.has(id));
      check(
        missing.length === 0,
        '(p) the restored backup holds every bet committed before the backup began',
        `${before.length} before, ${there.size} in the restored database, ${missing.length} missing`,
      );
      const discrepancies = await findDiscrepancies(restored.db);
      check(discrepancies.length === 0, '(p) the restored database reconciles', discrepancies.slice(0, 3));
    } finally {
      await restored.close();
    }
    log(`(p) pgBackRest drill took ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    if (restoredStarted) {
      await cluster.runAsOwner(path.join(postgresBin(), 'pg_ctl'), ['-D', restoredData, '-m', 'immediate', 'stop']).catch(() => {});
    }
    await cluster.destroy();
    fs.rmSync(drill, { recursive: true, force: true });
  }
}

/** The drill's pgBackRest directory (configuration, repository, locks, logs), owned by the cluster's owner. */
function drillDir(port: number): { dir: string; conf: string } {
  const dir = path.join(os.tmpdir(), `lucky28-pgbackrest-${port}-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dir, uid, gid);
  }
  return { dir, conf: path.join(dir, 'pgbackrest.conf') };
}

function writeConf(conf: string, dir: string, data: string, port: number, socketDir: string): void {
  fs.writeFileSync(
    conf,
    [
      '[global]',
      `repo1-path=${dir}/repo`,
      `lock-path=${dir}/lock`,
      `log-path=${dir}/log`,
      'log-level-console=warn',
      'log-level-file=off',
      'start-fast=y',
      'compress-level=1',
      '',
      `[${STANZA}]`,
      `pg1-path=${data}`,
      `pg1-port=${port}`,
      `pg1-socket-path=${socketDir}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
}
