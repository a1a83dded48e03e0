/**
 * The operators' reconciliation (admin/reconcile) names each invariant of docs/design.md#the-invariants with its problem
 * count and first problems. On real books — bets through the API (one with an Idempotency-Key) in a
 * round drawn and settled by the scheduler and in an open one, a deposit approved, a withdrawal with
 * a key — every invariant holds; then each is broken on purpose, seen reported by name, and repaired
 * (so the check after this file, test/invariantsAfterFile.ts, finds the books whole again).
 */
import { api } from '@lucky28/shared/api';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVARIANT_NAMES, type InvariantName } from '@lucky28/shared';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { zonedTimeToUtc } from '../../src/domain/time.js';
import { callApi } from '../helpers.js';
import { createWalletApp, gift, operatorWithRole, readyToWithdraw, requestDeposit } from './fixtures.js';

const clock = new ManualClock(zonedTimeToUtc(2025, 6, 1, 'Asia/Shanghai', 10, 0) + 5_000);
const { app } = await createWalletApp({ clock });
app.game.chain.length = 64;
app.game.chain.spare = 8;
await app.game.reloadConfig();
const finance = await operatorWithRole(app, 'finance');
const admin = await operatorWithRole(app, 'admin');
const room = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7 && r.type === 0)!;

const player = await readyToWithdraw(app, 200_000);
await gift(app, player.userId, 1_500, 'score');
const bet = async (playType: string, headers?: Record<string, string>) => {
  const issue = roundAt(clock.now(), app.game.settings).issue;
  const res = await callApi(
    app,
    api.lottery.playOrder,
    { issue, plan_id: room.id, game_id: 7, play_type: playType, money: '10' },
    { token: player.token, headers },
  );
  expect(res.code, JSON.stringify(res)).toBe(1);
  return res;
};
// A round drawn and settled: big, small, odd and even (two of them always win), from the balance (spent before stored funds).
await bet('1,2,3,4', { 'idempotency-key': 'reconcile-bet-1' });
clock.advance(210_000);
await app.game.scheduler.tick();
// An open round's bet, a deposit approved, a withdrawal asked for with a key.
await bet('11');
const depositId = await requestDeposit(app, player.token, '50');
expect((await callApi(app, api.admin.depositApprove, { id: depositId }, { token: admin })).code).toBe(1);
const withdrawal = await callApi(
  app,
  api.wallet.withdrawAction,
  { type: 0, money: '100', securityCode: '123456' },
  { token: player.token, headers: { 'idempotency-key': 'reconcile-withdraw-1' } },
);
expect(withdrawal.code, JSON.stringify(withdrawal)).toBe(1);

const orders = await queryRows<{ id: number | string; round_id: number | string; payout: number | string | null; status: number }>(
  app.db,
  sql`select id, round_id, payout, status from orders where user_id = ${player.userId} order by id`,
);
const settled = orders.filter((o) => o.status === 1);
const winner = settled.find((o) => Number(o.payout) > 0)!;
const loser = settled.find((o) => Number(o.payout) === 0)!;
const open = orders.find((o) => o.status === 0)!;

interface Report {
  name: InvariantName;
  count: number;
  examples: { userId: number | null; problem: string; detail: Record<string, number | string> }[];
}
async function reconcile(): Promise<{ ok: boolean; invariants: Report[]; problems: unknown[] }> {
  const res = await callApi(app, api.admin.reconcile, {}, { token: finance });
  expect(res.code).toBe(1);
  return res.data;
}

/** Breaks the books with `breakIt`, expects `name` reported with `problem`, repairs with `repair`, expects them whole. */
async function seeBroken(name: InvariantName, problem: string, breakIt: SQL, repair: SQL) {
  await app.db.execute(breakIt);
  try {
    const answer = await reconcile();
    expect(answer.ok).toBe(false);
    const report = answer.invariants.find((r) => r.name === name)!;
    expect(report.count, JSON.stringify(answer.invariants)).toBeGreaterThan(0);
    expect(report.examples.map((e) => e.problem)).toContain(problem);
    expect(answer.problems).toEqual(expect.arrayContaining(report.examples));
    return report;
  } finally {
    await app.db.execute(repair);
    expect((await reconcile()).ok).toBe(true);
  }
}

describe('reconcile: every invariant by name', () => {
  it('answers each invariant of docs/design.md#the-invariants, all holding on real books', async () => {
    expect(settled).toHaveLength(4);
    expect(winner && loser && open).toBeTruthy();
    const answer = await reconcile();
    expect(answer).toEqual({ ok: true, invariants: INVARIANT_NAMES.map((name) => ({ name, count: 0, examples: [] })), problems: [] });
  });

  it('I1: a balance that is not the sum of its ledger rows', async () => {
    const report = await seeBroken(
      'I1_balance_equals_ledger',
      'money_vs_ledger',
      sql`update users set money = money + 7 where id = ${player.userId}`,
      sql`update users set money = money - 7 where id = ${player.userId}`,
    );
    expect(report.examples[0]).toMatchObject({ userId: player.userId, detail: { money: expect.any(Number), ledger: expect.any(Number) } });
    expect(report.count).toBe(1);
  });

  it('I2: a balance below zero', async () => {
    await seeBroken(
      'I2_no_negative_balance',
      'negative_balance',
      sql`update users set score = -1 where id = ${player.userId}`,
      sql`update users set score = (select coalesce(sum(quantity), 0) from ledger where user_id = ${player.userId} and wallet = 'score' and applied) where id = ${player.userId}`,
    );
  });

  it('I3: a bet debited other than its stake, and a bet of a drawn round left unsettled', async () => {
    await seeBroken(
      'I3_bet_debited_once_settled_once',
      'bet_debit_or_payout',
      sql`update orders set amount = amount + 100 where id = ${open.id}`,
      sql`update orders set amount = amount - 100 where id = ${open.id}`,
    );
    await seeBroken(
      'I3_bet_debited_once_settled_once',
      'bet_unsettled',
      sql`update orders set status = 0 where id = ${loser.id}`,
      sql`update orders set status = 1 where id = ${loser.id}`,
    );
  });

  it('I4: two idempotency keys claiming one bet, and a stored answer naming an order that is not there', async () => {
    await seeBroken(
      'I4_retry_applied_once',
      'key_claims_shared',
      sql`insert into idempotency_keys (user_id, scope, key, fingerprint, response, created_at)
          select user_id, scope, 'reconcile-bet-copy', fingerprint, response, created_at from idempotency_keys where key = 'reconcile-bet-1'`,
      sql`delete from idempotency_keys where key = 'reconcile-bet-copy'`,
    );
    await seeBroken(
      'I4_retry_applied_once',
      'key_answer_not_applied',
      sql`update idempotency_keys set response = jsonb_set(response, '{id}', '999999') where key = 'reconcile-withdraw-1'`,
      sql`update idempotency_keys set response = jsonb_set(response, '{id}', ${String(withdrawal.data.id)}::jsonb) where key = 'reconcile-withdraw-1'`,
    );
  });

  it('I5: a bet placed after its round closed', async () => {
    await seeBroken(
      'I5_no_bet_after_close',
      'bet_after_close',
      sql`update orders set created_at = (select closes_at from rounds where id = ${open.round_id}) + interval '1 second' where id = ${open.id}`,
      sql`update orders set created_at = ${new Date(clock.now()).toISOString()} where id = ${open.id}`,
    );
  });

  it('I6: a payout that is not stake × the odds stored on the order', async () => {
    await seeBroken(
      'I6_payout_from_stored_odds',
      'payout_vs_odds',
      // Both odds: on a total of 13 or 14 the special odds are the ones paid.
      sql`update orders set odds = odds + 10, odds_special = odds_special + 10 where id = ${winner.id}`,
      sql`update orders set odds = odds - 10, odds_special = odds_special - 10 where id = ${winner.id}`,
    );
  });

  it("I7: a round's result changed after its draw, and a revealed seed that is not the committed one", async () => {
    await seeBroken(
      'I7_result_from_committed_seed',
      'result_vs_seed',
      sql`update rounds set numbers = regexp_replace(numbers, '^[0-9]+', '0') where id = ${winner.round_id}`,
      sql`update rounds set numbers = ${(await queryRows<{ numbers: string }>(app.db, sql`select numbers from rounds where id = ${winner.round_id}`))[0]!.numbers} where id = ${winner.round_id}`,
    );
    const [seed] = await queryRows<{ seed: string }>(app.db, sql`select seed from rounds where id = ${winner.round_id}`);
    const report = await seeBroken(
      'I7_result_from_committed_seed',
      'seed_vs_commitment',
      sql`update rounds set seed = ${'ab'.repeat(32)} where id = ${winner.round_id}`,
      sql`update rounds set seed = ${seed!.seed} where id = ${winner.round_id}`,
    );
    expect(report.examples[0]).toMatchObject({ userId: null, detail: { round: Number(winner.round_id), game: 7 } });
  });

  it("running balance: a ledger row whose balance-after does not follow the player's previous one", async () => {
    // Ledger rows never change (a trigger refuses it): a row of +5 whose balance-after is 3 too high,
    // then its reversal, a row of -5 ending where the first began.
    const insert = (quantity: number, overFromBalance: number) => sql`
      with u as (update users set money = money + ${quantity} where id = ${player.userId} returning id, money + score - ${quantity} as before)
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, memo)
      select id, 4, 1, 'money', ${quantity}, true, before + ${overFromBalance}, 'reconcile test' from u`;
    const report = await seeBroken('running_balance', 'running_balance', insert(5, 8), insert(-5, -2));
    // Four balance values lose their partner: the balance before the row (nothing leaves it), the row's
    // start and end (nothing arrives at or leaves them), and the balance now (nothing arrives at it).
    expect(report.count).toBe(4);
  });

  it("the wallet requests' bookkeeping: a deposit whose ledger row says otherwise", async () => {
    await seeBroken(
      'wallet_requests',
      'deposit_ledger_mismatch',
      sql`update deposits set status = 2 where id = ${depositId}`,
      sql`update deposits set status = 1 where id = ${depositId}`,
    );
  });
});
