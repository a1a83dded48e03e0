/**
 * A crash in the middle of a balance adjustment moves its money exactly once or not at all: the server
 * process is killed with SIGKILL inside a direct post's transaction (its type-12 row written,
 * uncommitted) and inside a second operator's approval (the held debit's row passed, uncommitted). The
 * data shows neither — the credit not posted, the debit still pending with its money held — the books
 * agree (`findDiscrepancies`), and the real server started on the same data completes each once, however
 * often it is asked again.
 *
 * Under `npm test` the data is a file-backed PGlite; with TEST_DATABASE_URL a scratch PostgreSQL database.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { callApi, registerUser } from '../helpers.js';
import { startServerProcess, type ServerProcess } from '../serverProcess.js';
import { gift, operatorWithRole } from '../wallet/fixtures.js';
import { crashData, killInsideTransaction } from './crashKit.js';

const data = crashData('adjcrash');

/** The player's adjustments, type-12 rows and withdrawable balance, as the data holds them. */
async function booksOf(database: Database, userId: number) {
  const adjustments = await queryRows<{ amount: string; status: number }>(
    database.db,
    sql`select amount::text, status from balance_adjustments where user_id = ${userId} order by id`,
  );
  const rows = await queryRows<{ quantity: string; status: number; applied: boolean }>(
    database.db,
    sql`select quantity::text, status, applied from ledger where user_id = ${userId} and type = 12 order by id`,
  );
  const [user] = await queryRows<{ money: string }>(database.db, sql`select money::text from users where id = ${userId}`);
  return {
    adjustments: adjustments.map((a) => [Number(a.amount), Number(a.status)]),
    rows: rows.map((r) => [Number(r.quantity), Number(r.status), r.applied]),
    money: Number(user!.money),
  };
}

const callAt = (server: ServerProcess, path: string, token: string, body: Record<string, unknown>) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ lang: 'en', ...body }) });

const CREDIT = { direction: 'credit', amount: '50', wallet: 'money', reason_code: 'correction', public_text: 'Correction of a payout', note: '' };

describe('a crash in the middle of a balance adjustment', () => {
  it('posts a direct credit and approves a held debit exactly once: nothing after the kill, once after the restart', { timeout: 900_000 }, async () => {
    // 1. A funded member, two finance operators, and a debit above the four-eyes amount (1,000 u) held for the second.
    let database = await data.open();
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: data.dataDir, scheduler: false }, database, logger: false });
    await app.ready();
    const player = await registerUser(app);
    await gift(app, player.userId, 500_000);
    const [requester, approver] = [await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'finance')];
    const held = await callApi(
      app,
      api.admin.userAdjust,
      { ...CREDIT, id: player.userId, direction: 'debit', amount: '1500', reason_code: 'chargeback', public_text: 'Deposit charged back' },
      { token: requester },
    );
    expect([held.code, held.data.status]).toEqual([1, 0]);
    await app.close();
    const pending = { adjustments: [[-150_000, 0]], rows: [[-150_000, 0, true]], money: 350_000 };
    const env = await data.serverEnv();

    // 2. Killed inside a direct credit's transaction, its row written but not committed: nothing of it is there.
    await killInsideTransaction(
      { ...env, PAUSE_AT: 'post' },
      {
        entry: 'test/crash/pausingAdjustmentServer.ts',
        paused: /PAUSED post/,
        trigger: (server) => void callAt(server, '/api/admin/userAdjust', requester, { ...CREDIT, id: player.userId }).catch(() => {}),
      },
    );
    database = await data.open();
    expect(await booksOf(database, player.userId)).toEqual(pending);
    expect(await findDiscrepancies(database.db)).toEqual([]);
    await database.close();

    // 3. Killed inside the approval, the held row passed but not committed: still pending, its money still held.
    await killInsideTransaction(
      { ...env, PAUSE_AT: 'approve' },
      {
        entry: 'test/crash/pausingAdjustmentServer.ts',
        paused: /PAUSED approve/,
        trigger: (server) => void callAt(server, '/api/admin/adjustmentApprove', approver, { id: held.data.id }).catch(() => {}),
      },
    );
    database = await data.open();
    expect(await booksOf(database, player.userId)).toEqual(pending);
    expect(await findDiscrepancies(database.db)).toEqual([]);
    await database.close();

    // 4. The real server on the same data: the credit asked again is posted once; the approval, asked twice, passes once.
    const server = await startServerProcess(env);
    try {
      const credit = (await (await callAt(server, '/api/admin/userAdjust', requester, { ...CREDIT, id: player.userId })).json()) as { code: number };
      expect(credit.code).toBe(1);
      const approvals = [];
      for (let i = 0; i < 2; i++) {
        approvals.push(((await (await callAt(server, '/api/admin/adjustmentApprove', approver, { id: held.data.id })).json()) as { code: number }).code);
      }
      expect(approvals).toEqual([1, 0]);
    } finally {
      await server.stop('SIGTERM');
    }
    database = await data.open();
    try {
      expect(await booksOf(database, player.userId)).toEqual({
        adjustments: [
          [-150_000, 1],
          [5_000, 1],
        ],
        rows: [
          [-150_000, 1, true],
          [5_000, 1, true],
        ],
        money: 355_000,
      });
      const audits = await queryRows<{ action: string; n: number }>(
        database.db,
        sql`select action, count(*)::int as n from audit_log where action in ('user.adjust', 'adjustment.approve') group by action order by action`,
      );
      expect(audits.map((a) => [a.action, Number(a.n)])).toEqual([
        ['adjustment.approve', 1],
        ['user.adjust', 2],
      ]);
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
