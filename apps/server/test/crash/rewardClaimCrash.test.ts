/**
 * A crash halfway through a reward claim pays nothing and loses nothing: the server process is killed
 * with SIGKILL while its claim transaction holds the claim row and the ledger row, uncommitted; the
 * data shows neither, and the real server started on the same data pays the claim once, however
 * often it is asked again.
 *
 * Under `npm test` the data is a file-backed PGlite; with TEST_DATABASE_URL a scratch PostgreSQL database.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/query.js';
import { inTransaction } from '../../src/db/transaction.js';
import { saveCampaign } from '../../src/domain/rewards/campaigns.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { registerUser } from '../helpers.js';
import { startServerProcess, type ServerProcess } from '../serverProcess.js';
import { crashData, killInsideTransaction } from './crashKit.js';

const data = crashData('rwcrash');
const serverEnv = await data.serverEnv();

async function paymentsOf(database: Database, userId: number) {
  const [row] = await queryRows<{ claims: number; rows: number; score: string }>(
    database.db,
    sql`
    select (select count(*)::int from reward_claims where user_id = ${userId}) as claims,
      (select count(*)::int from ledger where user_id = ${userId} and type = 8) as rows,
      (select score::text from users where id = ${userId}) as score`,
  );
  return { claims: Number(row!.claims), rows: Number(row!.rows), score: Number(row!.score) };
}

const claimAt = (server: ServerProcess, token: string, campaignId: number) =>
  fetch(`${server.url}/api/rewards/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ campaign_id: campaignId, lang: 'en' }),
  });

describe('a crash halfway through a reward claim', () => {
  it('leaves nothing paid; the restarted server pays once', { timeout: 600_000 }, async () => {
    // 1. A member and a check-in campaign, on the data the server processes will use.
    let database = await data.open();
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: data.dataDir, scheduler: false }, database, logger: false });
    await app.ready();
    const player = await registerUser(app);
    const campaign = await inTransaction(app.db, (tx) =>
      saveCampaign(
        tx,
        {
          kind: 'check_in',
          title: { zh: '签到', tw: '簽到', en: 'Check-in', vi: 'Điểm danh' },
          terms_text: { zh: '规则', tw: '規則', en: 'Terms', vi: 'Điều khoản' },
          terms: { rewards: [100, 200, 300, 400, 500, 600, 700] },
          starts_at: Math.floor(Date.now() / 1000),
          enabled: true,
        },
        Date.now(),
      ),
    );
    await app.close();

    // 2. Killed inside the claim's transaction, with its rows written but not committed.
    await killInsideTransaction(serverEnv, {
      entry: 'test/crash/pausingClaimServer.ts',
      paused: /PAUSED claim/,
      trigger: (server) => void claimAt(server, player.token, campaign.after.id).catch(() => {}),
    });
    database = await data.open();
    expect(await paymentsOf(database, player.userId)).toEqual({ claims: 0, rows: 0, score: 0 });
    expect(await findDiscrepancies(database.db)).toEqual([]);
    await database.close();

    // 3. The real server on the same data: the claim (asked three times) is paid once.
    const server = await startServerProcess(serverEnv);
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await (await claimAt(server, player.token, campaign.after.id)).json()) as { code: number; msg: string });
      expect(answers.map((a) => a.code)).toEqual([1, 0, 0]);
    } finally {
      await server.stop('SIGTERM');
    }
    database = await data.open();
    try {
      expect(await paymentsOf(database, player.userId)).toEqual({ claims: 1, rows: 1, score: 100 });
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
