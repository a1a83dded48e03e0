/**
 * The backup drill of the embedded database (issue 28; ops/backup.ts): bets flow into a running server
 * (`src/server.ts` on a PGlite data directory), `npm run backup` is taken meanwhile (the server takes it
 * on SIGUSR2), `npm run restore` puts it into a new directory, and there every bet answered as placed
 * before the backup began is found, the private uploads and the operators' key are there, and the
 * ledger reconciles.
 */
import { api } from '@lucky28/shared/api';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { postJson, startBettingServer } from '../serverProcess.js';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-backup-'));
const dataDir = path.join(work, 'data');
const restoredDir = path.join(work, 'restored');
const backupsOut = path.join(work, 'backups');
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const GAME = 7;

const script = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: serverDir, env: { ...process.env, DATABASE_URL: '', ...env } });

describe('npm run backup and npm run restore (PGlite)', () => {
  it('a backup taken while bets flow holds every bet placed before it, the uploads, and reconciles once restored', { timeout: 300_000 }, async () => {
    const { server, token, plan } = await startBettingServer('backup', { DATA_DIR: dataDir, DATABASE_URL: '' }, GAME);
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, 'drill-receipt.jpg'), 'a private upload');
    let before: string[] = [];
    try {
      const { url } = server;
      const accepted: string[] = [];
      let betting = true;
      const bettor = async () => {
        while (betting) {
          const heart = await postJson(url, api.lottery.heart, { plan_id: plan, game_id: GAME });
          const key = randomUUID();
          const r = await postJson(
            url,
            api.lottery.playOrder,
            { issue: heart.data.issue.issue, plan_id: plan, game_id: GAME, play_type: '2', money: '10' },
            { token, 'idempotency-key': key },
          );
          if (r.code === 1) accepted.push(key);
        }
      };
      const bettors = Promise.all([bettor(), bettor()]);
      await expect.poll(() => accepted.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

      before = [...accepted];
      const backup = await script('backup', ['--out', backupsOut], { DATA_DIR: dataDir });
      const placedDuring = accepted.length - before.length;
      betting = false;
      await bettors;
      expect(backup.stdout).toMatch(/backup written to .*taken by the running server/);
      expect(server.output()).toContain('"backup taken"');
      console.log(`backup drill: ${before.length} bets before the backup, ${placedDuring} placed while it was taken`);
    } finally {
      await server.stop('SIGTERM');
    }

    const [backupDir] = fs.readdirSync(backupsOut).map((name) => path.join(backupsOut, name));
    expect(backupDir).toBeDefined();
    const restored = await script('restore', [backupDir!], { DATA_DIR: restoredDir });
    expect(restored.stdout).toMatch(/restored the backup of .* \(1 uploads\)/);
    expect(fs.readFileSync(path.join(restoredDir, 'uploads', 'drill-receipt.jpg'), 'utf8')).toBe('a private upload');
    expect(fs.readFileSync(path.join(restoredDir, 'operator-secret.key'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'operator-secret.key'), 'utf8'));

    const database = await openPglite(restoredDir);
    try {
      const keys = new Set((await queryRows<{ key: string }>(database.db, sql`select key from idempotency_keys`)).map((r) => r.key));
      expect(before.filter((k) => !keys.has(k))).toEqual([]);
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    // A restore never overwrites a database.
    await expect(script('restore', [backupDir!], { DATA_DIR: restoredDir })).rejects.toThrow(/already holds a database/);
  });
});
