/**
 * A crash halfway through a bonus forfeit takes nothing and loses nothing: the server process is
 * killed with SIGKILL while its forfeit transaction holds the forfeit's row and its type-10 ledger row,
 * uncommitted; the data shows neither, the bonus still held in stored funds, and the real server
 * started on the same data forfeits it once, however often it is asked again.
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
import { claimReward } from '../../src/domain/rewards/claim.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { registerUser } from '../helpers.js';
import { approvedDepositRow } from '../rewards/kit.js';
import { startServerProcess, type ServerProcess } from '../serverProcess.js';
import { crashData, killInsideTransaction } from './crashKit.js';

const data = crashData('bfcrash');
const serverEnv = await data.serverEnv();

async function forfeitsOf(database: Database, userId: number) {
  const [row] = await queryRows<{ forfeits: number; rows: number; score: string }>(
    database.db,
    sql`
    select (select count(*)::int from reward_claims where user_id = ${userId} and kind = 'bonus_forfeit') as forfeits,
      (select count(*)::int from ledger where user_id = ${userId} and type = 10) as rows,
      (select score::text from users where id = ${userId}) as score`,
  );
  return { forfeits: Number(row!.forfeits), rows: Number(row!.rows), score: Number(row!.score) };
}

const forfeitAt = (server: ServerProcess, token: string, campaignId: number, key?: string) =>
  fetch(`${server.url}/api/rewards/forfeit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify({ campaign_id: campaignId, amount: '50.00', lang: 'en' }),
  });

describe('a crash halfway through a bonus forfeit', () => {
  it('leaves the bonus held; the restarted server forfeits it once', { timeout: 600_000 }, async () => {
    // 1. A member with a first-deposit bonus granted (50.00 in stored funds), on the data the server processes will use.
    let database = await data.open();
    const app = await buildApp({ config: { ...loadConfig({}), dataDir: data.dataDir, scheduler: false }, database, logger: false });
    await app.ready();
    const player = await registerUser(app);
    const campaign = await inTransaction(app.db, (tx) =>
      saveCampaign(
        tx,
        {
          kind: 'first_deposit',
          title: { zh: '首充', tw: '首儲', en: 'First deposit', vi: 'Nạp đầu' },
          terms_text: { zh: '规则', tw: '規則', en: 'Terms', vi: 'Điều khoản' },
          terms: { percent: 50, cap: 10_000, wager_multiple: 3 },
          starts_at: Math.floor(Date.now() / 1000),
          enabled: true,
        },
        Date.now(),
      ),
    );
    await approvedDepositRow(app, player.userId, 10_000, Date.now());
    const grant = await claimReward(app.db, { userId: player.userId, campaignId: campaign.after.id, now: Date.now(), timeZone: app.config.timeZone });
    expect(grant.paid).toBe(5_000);
    await app.close();

    // 2. Killed inside the forfeit's transaction, with its rows written but not committed.
    await killInsideTransaction(serverEnv, {
      entry: 'test/crash/pausingForfeitServer.ts',
      paused: /PAUSED forfeit/,
      trigger: (server) => void forfeitAt(server, player.token, campaign.after.id, 'crash-forfeit-1').catch(() => {}),
    });
    database = await data.open();
    expect(await forfeitsOf(database, player.userId)).toEqual({ forfeits: 0, rows: 0, score: 5_000 });
    expect(await findDiscrepancies(database.db)).toEqual([]);
    await database.close();

    // 3. The real server on the same data: the forfeit, asked again with the crashed request's key and
    //    then twice more without one, is made once.
    const server = await startServerProcess(serverEnv);
    try {
      const answers = [];
      answers.push((await (await forfeitAt(server, player.token, campaign.after.id, 'crash-forfeit-1')).json()) as { code: number; msg: string });
      answers.push((await (await forfeitAt(server, player.token, campaign.after.id, 'crash-forfeit-1')).json()) as { code: number; msg: string });
      for (let i = 0; i < 2; i++) answers.push((await (await forfeitAt(server, player.token, campaign.after.id)).json()) as { code: number; msg: string });
      expect(answers.map((a) => [a.code, a.msg])).toEqual([
        [1, 'Bonus forfeited: you can withdraw now'],
        [1, 'Bonus forfeited: you can withdraw now'],
        [0, 'There is no bonus being wagered to forfeit'],
        [0, 'There is no bonus being wagered to forfeit'],
      ]);
    } finally {
      await server.stop('SIGTERM');
    }
    database = await data.open();
    try {
      expect(await forfeitsOf(database, player.userId)).toEqual({ forfeits: 1, rows: 1, score: 0 });
      expect(await findDiscrepancies(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
