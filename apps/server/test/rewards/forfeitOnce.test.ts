/**
 * A bonus is forfeited exactly once, and never beside a release or a withdrawal it should have held
 * back: 50 parallel forfeits with one Idempotency-Key (all answered the same), with none and with
 * fifty keys (one forfeit, the rest told there is nothing left to forfeit); forfeits spread over two
 * server nodes on one database; a forfeit and a withdrawal sent together (the withdrawal goes through
 * only after the forfeit); a forfeit, a release claim and the draw that completes the wagering, all at
 * once (at most one of the two ends the bonus). The crash case: test/crash/bonusForfeitCrash.test.ts.
 */
import { api } from '@lucky28/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { seedDemoContent } from '../../src/seed/demo.js';
import { registerUser, callApi } from '../helpers.js';
import { ROUND_MS, checkLedgerInvariants } from '../game/kit.js';
import { startTwoNodes } from '../game/twoDatabases.js';
import { balanceOf, gift, operatorLogin, OPERATOR_PASSWORD } from '../wallet/fixtures.js';
import { BONUS_TERMS, approvedDepositRow, claim, createCampaign, createRewardsApp, forfeit, player, settledBet, withdrawer, type RewardsApp } from './kit.js';

const PARALLEL = 50;
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The player's bonus ends (release or forfeit rows) and type-10 ledger rows. */
async function endsOf(app: FastifyInstance, userId: number) {
  const [row] = await queryRows<{ releases: number; forfeits: number; rows: number }>(
    app.db,
    sql`
    select (select count(*)::int from reward_claims where user_id = ${userId} and kind = 'bonus_release') as releases,
      (select count(*)::int from reward_claims where user_id = ${userId} and kind = 'bonus_forfeit') as forfeits,
      (select count(*)::int from ledger where user_id = ${userId} and type = 10) as rows`,
  );
  return { releases: Number(row!.releases), forfeits: Number(row!.forfeits), rows: Number(row!.rows) };
}

describe('exactly one forfeit', () => {
  const ready: Promise<{ r: RewardsApp; campaign: number }> = createRewardsApp().then(async (r) => ({
    r,
    campaign: await createCampaign(r, 'first_deposit', BONUS_TERMS),
  }));

  async function granted(r: RewardsApp, campaign: number, make = player) {
    const p = await make(r);
    await approvedDepositRow(r.app, p.userId, 15_000, r.clock.now());
    expect((await claim(r, p.token, campaign)).data.paid).toBe('75.00');
    return p;
  }

  it('50 parallel forfeits with one Idempotency-Key: one forfeit, every answer the same; the key with another amount is refused', async () => {
    const { r, campaign } = await ready;
    const p = await granted(r, campaign);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => forfeit(r, p.token, campaign, '75.00', { key: 'forfeit-once-1' })));
    expect(new Set(answers.map((a) => a.code))).toEqual(new Set([1]));
    for (const a of answers) expect(a.data).toEqual(answers[0]!.data);
    expect(answers[0]!.data).toMatchObject({ forfeited: '75.00', over: '150.00', card: { bonus: { expired_reason: 'forfeited' } } });
    expect(await endsOf(r.app, p.userId)).toEqual({ releases: 0, forfeits: 1, rows: 1 });
    expect(await balanceOf(r.app, p.userId)).toEqual({ money: 15_000, score: 0 });
    const reused = await forfeit(r, p.token, campaign, '70.00', { key: 'forfeit-once-1' });
    expect([reused.code, reused.msg]).toEqual([0, 'This Idempotency-Key was already used for a different request']);
    await checkLedgerInvariants(r.app.db);
  });

  it('50 parallel forfeits without a key, and with fifty keys: one forfeit each time, the rest told nothing is left', async () => {
    const { r, campaign } = await ready;
    for (const keyed of [false, true]) {
      const p = await granted(r, campaign);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => forfeit(r, p.token, campaign, '75.00', keyed ? { key: `forfeit-many-${p.userId}-${i}` } : {})),
      );
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
      expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(new Set(['There is no bonus being wagered to forfeit']));
      expect(await endsOf(r.app, p.userId)).toEqual({ releases: 0, forfeits: 1, rows: 1 });
      expect(await balanceOf(r.app, p.userId)).toEqual({ money: 15_000, score: 0 });
    }
    await checkLedgerInvariants(r.app.db);
  });

  it('a forfeit and a withdrawal sent together: the withdrawal goes through only after the forfeit (20 players)', async () => {
    const { r, campaign } = await ready;
    const outcomes = { forfeitFirst: 0, withdrawalRefused: 0 };
    for (let i = 0; i < 20; i++) {
      const p = await granted(r, campaign, withdrawer);
      // Both in flight at once, one sent 0–95 ms after the other (the withdrawal first every other time).
      const [w, f] = await Promise.all([
        later(i % 2 ? i * 5 : 0).then(() =>
          callApi(r.app, api.wallet.withdrawAction, { type: 0, money: '150', securityCode: '123456' }, { token: p.token, lang: 'en' }),
        ),
        later(i % 2 ? 0 : i * 5).then(() => forfeit(r, p.token, campaign, '75.00')),
      ]);
      expect(f!.code, JSON.stringify(f)).toBe(1);
      if (w!.code === 1) {
        outcomes.forfeitFirst++;
        // Its ledger row after the forfeit's: it was judged with the bonus already gone.
        const [order] = await queryRows<{ forfeit: string; withdrawal: string }>(
          r.app.db,
          sql`select (select max(id) from ledger where user_id = ${p.userId} and type = 10)::text as forfeit,
            (select max(id) from ledger where user_id = ${p.userId} and type = 1)::text as withdrawal`,
        );
        expect(Number(order!.withdrawal)).toBeGreaterThan(Number(order!.forfeit));
        expect(await balanceOf(r.app, p.userId)).toEqual({ money: 0, score: 0 });
      } else {
        outcomes.withdrawalRefused++;
        expect(w!.msg).toContain('Your first-deposit bonus is still being wagered');
        expect(await balanceOf(r.app, p.userId)).toEqual({ money: 15_000, score: 0 });
      }
    }
    console.log(`forfeit and withdrawal together: the withdrawal after the forfeit ${outcomes.forfeitFirst}, refused ${outcomes.withdrawalRefused}`);
    expect(await findDiscrepancies(r.app.db)).toEqual([]);
  });

  it('a forfeit, a release and the draw that completes the wagering, all at once: never both a forfeit and a release (10 players)', async () => {
    const { r, campaign } = await ready;
    const outcomes = { forfeited: 0, released: 0, neither: 0 };
    for (let i = 0; i < 10; i++) {
      const p = await granted(r, campaign);
      await gift(r.app, p.userId, 20_000);
      // 200 staked and settled from the balance: 25 short of 225; the last 25 are in a round about to be drawn.
      await settledBet(r, p.token, '1', '200');
      const room = [...r.app.game.snapshot.rooms.values()].find((x) => x.gameId === 7 && x.type === 0)!;
      await r.app.game.scheduler.tick();
      const issue = roundAt(r.clock.now(), r.app.game.settings).issue;
      expect((await callApi(r.app, api.lottery.playOrder, { issue, plan_id: room.id, game_id: 7, play_type: '2', money: '25' }, { token: p.token })).code).toBe(
        1,
      );
      r.clock.advance(ROUND_MS);
      const [f, c] = await Promise.all([
        forfeit(r, p.token, campaign, '75.00'),
        later(i * 3).then(() => claim(r, p.token, campaign)),
        later((i * 7) % 20).then(() => r.app.game.scheduler.tick()),
      ]);
      const ends = await endsOf(r.app, p.userId);
      expect(ends.releases + ends.forfeits).toBeLessThanOrEqual(1);
      expect([f!.code, c!.code].filter((x) => x === 1).length).toBe(ends.releases + ends.forfeits);
      if (f!.code === 1) outcomes.forfeited++;
      else if (c!.code === 1) outcomes.released++;
      else outcomes.neither++;
    }
    console.log(
      `forfeit, release and draw together: forfeited ${outcomes.forfeited}, released ${outcomes.released}, neither (the release asked before the draw, the forfeit after) ${outcomes.neither}`,
    );
    expect(await findDiscrepancies(r.app.db)).toEqual([]);
  });
});

describe('exactly one forfeit over two server nodes on one database', () => {
  it('forfeits sent to both nodes at once, keyed and not: one forfeit', async () => {
    const { nodeA, nodeB, close } = await startTwoNodes('lucky28_bf2');
    afterAll(close);
    await seedDemoContent(nodeA.db, { operatorPassword: OPERATOR_PASSWORD, demoPassword: 'demo-pass-123' });
    const admin = await operatorLogin(nodeA);
    const r = { app: nodeA, admin, clock: { now: () => Date.now() } } as unknown as RewardsApp;
    const campaign = await createCampaign(r, 'first_deposit', BONUS_TERMS);
    const p = await registerUser(nodeA);
    // An approved first deposit of 100.00, as the console would approve it (node A), seen by node B.
    await approvedDepositRow(nodeA, p.userId, 10_000, Date.now());
    expect((await claim(r, p.token, campaign)).data.paid).toBe('50.00');
    const nodes = [nodeA, nodeB];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        callApi(
          nodes[i % 2]!,
          api.rewards.bonusForfeit,
          { campaign_id: campaign, amount: '50.00' },
          { token: p.token, lang: 'en', headers: i % 3 === 0 ? { 'idempotency-key': `two-nodes-${i % 2}` } : undefined },
        ),
      ),
    );
    const paid = answers.filter((x) => x.code === 1);
    // The one forfeit, plus the retries of its own key answered with it.
    expect(new Set(paid.map((x) => x.data.id)).size).toBe(1);
    expect(await endsOf(nodeB, p.userId)).toEqual({ releases: 0, forfeits: 1, rows: 1 });
    expect(await balanceOf(nodeB, p.userId)).toEqual({ money: 10_000, score: 0 });
  });
});
