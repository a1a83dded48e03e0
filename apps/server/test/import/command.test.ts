/**
 * The command itself (`npm run import:pc28`), as an operator runs it, into PGlite in a data directory:
 * killed with SIGKILL in the middle of a run — twice, in two phases — and started again, it ends as one
 * clean run into another directory does; it refuses a data directory a running server holds, prints a
 * progress line on long tables, and a dry run prints the report and keeps nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/db/client.js';
import { keyFromText, KEY_FILE } from '../../src/domain/operators/secretBox.js';
import { openSource } from '../../src/domain/import/source.js';
import { runImport } from '../../src/domain/import/run.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { queryRows } from '../../src/db/query.js';
import { checkInvariants } from '../../src/domain/wallet/invariants.js';
import { PID_FILE } from '../../src/ops/backup.js';
import { createSourceDatabase, fillSource } from './pc28Source.js';

const SERVER = path.resolve(import.meta.dirname, '../..');
const source = await createSourceDatabase();
await fillSource(source.conn, { bulk: 10 });
const dirs: string[] = [];
const KEY = 'cd'.repeat(32);
/** A data directory as a first start leaves it (migrated, games and rooms, the operator key), made once and copied: a new PGlite takes long to create. */
const template = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-import-tpl-'));
dirs.push(template);
{
  const db = await openPglite(template);
  await db.migrate();
  await seedDemoContent(db.db, { operatorPassword: 'operator-pass-1', demoPassword: 'demo-pass-123' });
  await db.close();
  fs.writeFileSync(path.join(template, KEY_FILE), `${KEY}\n`);
}
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-import-cmd-'));
  dirs.push(d);
  fs.cpSync(template, d, { recursive: true });
  return d;
};
afterAll(async () => {
  await source.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the command on `dir`; `killWhen` sees stderr as it grows and, when it answers true, the process is SIGKILLed. */
function importInto(dir: string, args: string[], killWhen?: (stderr: string) => boolean): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/importPc28.ts', '--from', source.url, ...args], {
      cwd: SERVER,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', IMPORT_CHUNK_SIZE: '3', OPERATOR_PASSWORD: 'operator-pass-1', DEMO_PASSWORD: 'demo-pass-123' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (killWhen?.(stderr) && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** What the import left in a data directory, without ids (sequences move on in a killed transaction). */
async function contents(dir: string) {
  const db = await openPglite(dir);
  try {
    const q = (s: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db.db, s);
    return {
      players:
        await q(sql`select u.username, u.nickname, u.money, u.score, u.disabled, i.username as inviter, p.source_id, p.agent, p.opening_money, p.opening_score,
        u.password_hash like 'pc28$%' as legacy_password, u.security_code_hash is not null as has_code
        from users u join imported_players p on p.user_id = u.id left join users i on i.id = u.inviter_id order by p.source_id`),
      ledger: await q(sql`select u.username, l.type, l.status, l.wallet, l.quantity, l.applied, l.over, l.memo from ledger l join users u on u.id = l.user_id
        join imported_players p on p.user_id = u.id order by p.source_id, l.type, l.wallet, l.quantity`),
      requests: await q(sql`select u.username, w.amount, w.status from withdrawals w join users u on u.id = w.user_id order by u.username`),
      history: await q(sql`select source_id, order_no, amount, payout, status, play_type from legacy_orders order by source_id`),
      legacyLedger: await q(sql`select count(*)::int as n, sum(quantity)::bigint as q from legacy_ledger`),
      runs: await q(sql`select status, counts from import_runs order by id`),
      invariants: (await checkInvariants(db.db)).filter((r) => r.count > 0),
    };
  } finally {
    await db.close();
  }
}

describe('npm run import:pc28', () => {
  it('a run killed twice with SIGKILL and started again ends as one clean run', async () => {
    // The clean run: the same code in this process, on a copy of the same directory.
    const clean = dataDir();
    const lines: string[] = [];
    const db = await openPglite(clean);
    const src = await openSource(source.url);
    const report = JSON.parse(JSON.stringify(await runImport(db, src, keyFromText(KEY), { chunkSize: 3, hashWorkers: 2, log: (l) => lines.push(l) })));
    await src.close();
    await db.close();
    expect(report.balances_equal).toBe(true);
    expect(lines.join('\n')).toMatch(/fa_order: \d+ of \d+ \(\d+ %\)/);

    const killed = dataDir();
    const first = await importInto(killed, [], (err) => /fa_user: \d+ of/.test(err));
    expect(first.signal).toBe('SIGKILL');
    const second = await importInto(killed, [], (err) => /fa_order: \d+ of/.test(err));
    expect(second.signal).toBe('SIGKILL');
    expect(second.stderr).toMatch(/resuming run 1/);
    const third = await importInto(killed, ['--json']);
    expect(third.code, third.stderr).toBe(0);
    const resumed = JSON.parse(third.stdout.trim().split('\n').pop()!);
    expect(resumed.resumed).toBe(true);
    expect(resumed.counts).toEqual(report.counts);
    expect(resumed.after).toEqual(report.after);

    const [a, b] = [await contents(clean), await contents(killed)];
    expect(b.invariants).toEqual([]);
    expect(b).toEqual(a);
    // Four runs of the command, each starting a process and opening PGlite: generous on a busy machine.
  }, 300_000);

  it('refuses a data directory a running server holds; a dry run keeps nothing', async () => {
    const held = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-import-held-'));
    dirs.push(held);
    fs.writeFileSync(path.join(held, PID_FILE), `${process.pid}\n`);
    const refused = await importInto(held, []);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/a Lucky28 server \(pid \d+\) holds the database .*stop it first/);

    // On the directory the first test left: a dry run prints the report and keeps nothing, not even its journal.
    const dir = dirs[dirs.length - 2]!;
    const before = await contents(dir);
    const ran = await importInto(dir, ['--dry-run']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/DRY RUN: nothing was written/);
    expect(ran.stdout).toMatch(/balances equal to the cent/);
    expect(await contents(dir)).toEqual(before);
  });
});
