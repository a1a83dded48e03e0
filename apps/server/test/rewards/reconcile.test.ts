/**
 * The reconciliation's rewards invariant (reward_claims_paid_once) holds on real claims of every kind,
 * and names each way of breaking it: a claim whose ledger row says another amount, a reward row
 * without its claim, a bonus released without a grant. Each break is repaired, so the books are whole
 * for the check after the file.
 */
import { api } from '@lucky28/shared/api';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { requestDeposit } from '../wallet/fixtures.js';
import { BONUS_TERMS, CHECK_IN_TERMS, claim, createCampaign, createRewardsApp, player } from './kit.js';

const r = await createRewardsApp();
const checkIn = await createCampaign(r, 'check_in', CHECK_IN_TERMS);
const bonus = await createCampaign(r, 'first_deposit', { ...BONUS_TERMS, wager_multiple: 0 });
const p = await player(r);
expect((await claim(r, p.token, checkIn)).code).toBe(1);
const deposit = await requestDeposit(r.app, p.token, '100');
expect((await callApi(r.app, api.admin.depositApprove, { id: deposit }, { token: r.admin })).code).toBe(1);
expect((await claim(r, p.token, bonus)).code).toBe(1);
expect((await claim(r, p.token, bonus)).data.paid).toBe('50.00');
const claims = await queryRows<{ id: string; period: string; campaign_id: number }>(
  r.app.db,
  sql`select id, period, campaign_id from reward_claims where user_id = ${p.userId}`,
);
const checkInClaim = claims.find((c) => c.campaign_id === checkIn)!;
const grant = claims.find((c) => c.period === 'grant')!;

async function rewardsReport() {
  const res = await callApi(r.app, api.admin.reconcile, {}, { token: r.admin });
  expect(res.code).toBe(1);
  return res.data.invariants.find((i: { name: string }) => i.name === 'reward_claims_paid_once');
}

async function seeBroken(problems: string[], breakIt: SQL, repair: SQL) {
  await r.app.db.execute(breakIt);
  try {
    const report = await rewardsReport();
    expect(report!.examples.map((e: { problem: string }) => e.problem).sort()).toEqual(problems.sort());
    expect(report!.examples.every((e) => e.userId === p.userId)).toBe(true);
  } finally {
    await r.app.db.execute(repair);
  }
  expect(await rewardsReport()).toEqual({ name: 'reward_claims_paid_once', count: 0, examples: [] });
}

describe('reconcile: reward_claims_paid_once', () => {
  it('holds on a check-in, a bonus grant and its release', async () => {
    expect(claims).toHaveLength(3);
    expect(await rewardsReport()).toEqual({ name: 'reward_claims_paid_once', count: 0, examples: [] });
  });

  it('a claim whose ledger row pays another amount', async () => {
    await seeBroken(
      ['claim_ledger_mismatch'],
      sql`update reward_claims set amount = amount + 1 where id = ${checkInClaim.id}`,
      sql`update reward_claims set amount = amount - 1 where id = ${checkInClaim.id}`,
    );
  });

  it('a reward row whose claim is gone (and so a claim without its row)', async () => {
    await seeBroken(
      ['claim_ledger_mismatch', 'reward_row_without_claim'],
      sql`update reward_claims set id = id + 1000000 where id = ${checkInClaim.id}`,
      sql`update reward_claims set id = id - 1000000 where id = ${Number(checkInClaim.id) + 1_000_000}`,
    );
  });

  it('a bonus released without a grant', async () => {
    await seeBroken(
      ['release_without_grant'],
      sql`update reward_claims set period = 'not-a-grant' where id = ${grant.id}`,
      sql`update reward_claims set period = 'grant' where id = ${grant.id}`,
    );
  });
});
