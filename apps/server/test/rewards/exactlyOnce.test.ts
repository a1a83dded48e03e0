/**
 * Every reward is paid exactly once: 50 parallel claims (double taps, two devices, retries) of a
 * check-in, of several days of rakeback and of a bonus grant, and claims spread over two server nodes
 * on one database (on PostgreSQL each node with its own pool, as two processes). The player's lock
 * and the claims' unique key leave one payment per campaign, player and period.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { registerUser, callApi } from '../helpers.js';
import { checkLedgerInvariants } from '../game/kit.js';
import { startTwoNodes } from '../game/twoDatabases.js';
import { balanceOf, gift, operatorLogin, OPERATOR_PASSWORD } from '../wallet/fixtures.js';
import { BONUS_TERMS, CHECK_IN_TERMS, RAKEBACK_TERMS, claim, createCampaign, createRewardsApp, laterDays, player, settledBet, type RewardsApp } from './kit.js';

const PARALLEL = 50;

async function paymentsOf(app: FastifyInstance, userId: number) {
  const [row] = await queryRows<{ claims: number; rows: number }>(
    app.db,
    sql`
    select (select count(*)::int from reward_claims where user_id = ${userId}) as claims,
      (select count(*)::int from ledger where user_id = ${userId} and type in (6, 7, 8, 9)) as rows`,
  );
  return { claims: Number(row!.claims), rows: Number(row!.rows) };
}

describe('exactly once under 50 parallel claims', () => {
  const ready: Promise<RewardsApp> = createRewardsApp();

  it('a check-in tapped 50 times at once pays one day once', async () => {
    const r = await ready;
    const campaign = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
    const p = await player(r);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => claim(r, p.token, campaign)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(new Set(['This reward has already been claimed']));
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 100 });
    expect(await paymentsOf(r.app, p.userId)).toEqual({ claims: 1, rows: 1 });
    await checkLedgerInvariants(r.app.db);
  });

  it('three days of rakeback claimed 50 times at once are paid once each', async () => {
    const r = await ready;
    const campaign = await createCampaign(r, 'rakeback', RAKEBACK_TERMS);
    const p = await player(r);
    await gift(r.app, p.userId, 300_000);
    for (let day = 0; day < 3; day++) {
      await settledBet(r, p.token, '1,2', '100');
      await laterDays(r, 1);
      await p.relogin();
    }
    const money = (await balanceOf(r.app, p.userId)).money;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => claim(r, p.token, campaign)));
    const paid = answers.filter((a) => a.code === 1);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data.card.rakeback!.days.filter((d: { state: string }) => d.state === 'claimed')).toHaveLength(3);
    expect((await balanceOf(r.app, p.userId)).money).toBe(money + Math.round(Number(paid[0]!.data.paid) * 100));
    expect(await paymentsOf(r.app, p.userId)).toEqual({ claims: 3, rows: 3 });
    await checkLedgerInvariants(r.app.db);
  });
});

describe('exactly once over two server nodes on one database', () => {
  it('a bonus and a check-in claimed from both nodes at once are each paid once', async () => {
    const { nodeA, nodeB, close } = await startTwoNodes('lucky28_rw2');
    afterAll(close);
    await seedDemoContent(nodeA.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
    const admin = await operatorLogin(nodeA);
    const r = { app: nodeA, admin, clock: { now: () => Date.now() } } as unknown as RewardsApp;
    const bonus = await createCampaign(r, 'first_deposit', BONUS_TERMS);
    const checkIn = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
    const p = await registerUser(nodeA);
    // An approved first deposit of 100.00, as the console would approve it (node A), seen by node B.
    await nodeA.db.execute(sql`
      with l as (
        update users set money = money + 10000 where id = ${p.userId} returning id, money + score as over
      ), row as (
        insert into ledger (user_id, type, status, wallet, quantity, applied, over, ref_type, memo)
        select id, 0, 1, 'money', 10000, true, over, 'deposit', 'two nodes' from l returning id
      )
      insert into deposits (user_id, amount, channel, status, ledger_id, reviewed_at)
      select ${p.userId}, 10000, 'usdt', 1, id, now() from row`);
    const nodes = [nodeA, nodeB];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        callApi(nodes[i % 2]!, api.rewards.rewardClaim, { campaign_id: i % 4 < 2 ? bonus : checkIn }, { token: p.token, lang: 'en' }),
      ),
    );
    const paid = answers.filter((x) => x.code === 1);
    expect(paid.map((x) => x.data.paid).sort()).toEqual(['1.00', '50.00']);
    expect(await balanceOf(nodeB, p.userId)).toEqual({ money: 10_000, score: 5_100 });
    expect(await paymentsOf(nodeB, p.userId)).toEqual({ claims: 2, rows: 2 });
  });
});
