/**
 * The reconciliation's red_packets invariant holds on real claims, an expired packet's return and the
 * budget's movements, and names each way of breaking it: a claim paid another amount than its ledger row
 * (and than the split), a packet whose counters are not its claims, a budget that is not its movements, a
 * return that is not what was left. Each break is repaired, so the books are whole for the check after the file.
 */
import { api } from '@lucky28/shared/api';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { callApi } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { createRewardsApp, player } from '../rewards/kit.js';
import { claimShare, drop, topUp } from './kit.js';

const r = await createRewardsApp();
await topUp(r, '40.00');
const packet = await drop(r, { total: '9.00', shares: 3, window_minutes: 5 });
const p = await player(r);
expect((await claimShare(r.app, p.token, packet.id)).code).toBe(1);
r.clock.advance(6 * 60_000);
await pruneOnce({ db: r.app.db, dataDir: r.app.config.dataDir, now: r.clock.now(), timeZone: r.app.config.timeZone, log: r.app.log });
r.admin = await operatorWithRole(r.app, 'admin');
const [claim] = await queryRows<{ id: string }>(r.app.db, sql`select id::text from red_packet_claims where packet_id = ${packet.id}`);

async function packetsReport() {
  const res = await callApi(r.app, api.admin.reconcile, {}, { token: r.admin });
  expect(res.code).toBe(1);
  return res.data.invariants.find((i: { name: string }) => i.name === 'red_packets')!;
}

async function seeBroken(problems: string[], breakIt: SQL, repair: SQL) {
  await r.app.db.execute(breakIt);
  try {
    const report = await packetsReport();
    expect(report.examples.map((e: { problem: string }) => e.problem).sort()).toEqual([...problems].sort());
  } finally {
    await r.app.db.execute(repair);
  }
  expect(await packetsReport()).toEqual({ name: 'red_packets', count: 0, examples: [] });
}

describe('reconcile: red_packets', () => {
  it('holds on a claim, an expired packet returned and the top-ups', async () => {
    expect(await packetsReport()).toEqual({ name: 'red_packets', count: 0, examples: [] });
  });

  it('a claim recorded at another amount than its ledger row and its share of the split, its packet counting otherwise', async () => {
    await seeBroken(
      ['share_row_without_claim', 'packet_counters', 'share_vs_split'],
      sql`update red_packet_claims set amount = amount + 1 where id = ${claim!.id}`,
      sql`update red_packet_claims set amount = amount - 1 where id = ${claim!.id}`,
    );
  });

  it('a claim without its ledger row', async () => {
    await seeBroken(
      ['claim_ledger_mismatch', 'share_row_without_claim'],
      sql`update red_packet_claims set id = id + 1000000 where id = ${claim!.id}`,
      sql`update red_packet_claims set id = id - 1000000 where id = ${Number(claim!.id) + 1_000_000}`,
    );
  });

  it('a budget balance that is not its movements', async () => {
    await seeBroken(
      ['budget_vs_movements'],
      sql`update promotion_budget set balance = balance + 500`,
      sql`update promotion_budget set balance = balance - 500`,
    );
  });

  it('a packet whose return is not what it left', async () => {
    await seeBroken(
      ['packet_budget_mismatch'],
      sql`update red_packets set returned = returned - 1 where id = ${packet.id}`,
      sql`update red_packets set returned = returned + 1 where id = ${packet.id}`,
    );
  });

  it('budget movements can be neither changed nor deleted', async () => {
    const refusal = (q: SQL) =>
      r.app.db.execute(q).then(
        () => 'done',
        (err: { cause?: { message?: string } }) => err.cause?.message ?? String(err),
      );
    expect(await refusal(sql`update promotion_budget_movements set amount = amount + 1`)).toBe('promotion budget movements are never changed or deleted');
    expect(await refusal(sql`delete from promotion_budget_movements`)).toBe('promotion budget movements are never changed or deleted');
  });
});
