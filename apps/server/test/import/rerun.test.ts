/**
 * A move with two systems open: every run before --open brings Lucky28 to the source's current state —
 * new rows and changes (a withdrawal approved or rejected, a deposit approved, an order settled, a balance
 * moved), balance changes as ledger entries — and a run with nothing new changes nothing. --rooms applies
 * the rooms' differences.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { findDiscrepancies } from '../../src/domain/wallet/invariants.js';
import { importWorld } from './helpers.js';
import { decideRequest, moveBalance, settleOrder } from './pc28Source.js';

const w = await importWorld({ bulk: 4 });
const { app, gen } = w;
const first = await w.run();

/** Everything the importer writes, as one comparable picture. */
async function picture() {
  const q = (s: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(app.db, s);
  return JSON.stringify({
    users: await q(sql`select id, username, nickname, money, score, disabled, inviter_id, password_hash, security_code_hash from users order by id`),
    ledger: await q(sql`select id, user_id, type, status, wallet, quantity, applied, over, memo from ledger order by id`),
    withdrawals: await q(sql`select id, user_id, amount, status, account from withdrawals order by id`),
    deposits: await q(sql`select id, user_id, amount, status from deposits order by id`),
    pay: await q(sql`select user_id, type, acc, acc_name, acc_bank from pay_accounts order by user_id, type`),
    orders: await q(sql`select * from legacy_orders order by id`),
    legacyLedger: await q(sql`select * from legacy_ledger order by id`),
    draws: await q(sql`select * from legacy_draws order by game_id, issue`),
    players: await q(sql`select * from imported_players order by user_id`),
    rooms: await q(sql`select * from rooms order by id`),
  });
}

const ourId = async (sourceId: number) =>
  (await queryRows<{ user_id: number }>(app.db, sql`select user_id from imported_players where source_id = ${sourceId}`))[0]!.user_id;
const balance = async (sourceId: number) =>
  Number((await queryRows<{ money: string }>(app.db, sql`select money from users where id = ${await ourId(sourceId)}`))[0]!.money);

describe('runs before the move is opened', () => {
  it('two importers at once on one database: one runs, the other is refused (PostgreSQL: an advisory lock)', async () => {
    const both = await Promise.allSettled([w.run(), w.run()]);
    const refused = both.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/another import is running/);
  });

  it('a second run with nothing new changes nothing', async () => {
    expect(first.reconciliation).toEqual([]);
    const before = await picture();
    const again = await w.run();
    expect(await picture()).toBe(before);
    expect(again.counts.fa_user).toMatchObject({ imported: 0, updated: 0 });
    expect(again.counts.balances).toMatchObject({ updated: 0 });
    expect(again.counts.fa_order).toMatchObject({ imported: 0, updated: 0, unchanged: again.counts.fa_order!.read });
    expect(again.counts.fa_quantity_log).toMatchObject({ imported: 0, updated: 0 });
    expect(again.counts.secrets).toMatchObject({ updated: 0 });
    expect(again.hashing.hashes).toBe(0);
  });

  it('changes at the source are applied: decisions on requests, a settled bet, moved balances — as ledger entries', async () => {
    const conn = w.source.conn;
    await decideRequest(conn, gen.pendingWithdrawals.wendy![0]!, true);
    await decideRequest(conn, gen.pendingWithdrawals.multi![0]!, false);
    await decideRequest(conn, gen.pendingDeposits.dora![0]!, true);
    const [[open]] = (await conn.query('SELECT id FROM fa_order WHERE status = 0')) as unknown as [{ id: number }[]];
    await settleOrder(conn, open!.id, 40);
    await moveBalance(conn, gen.p.bob!.id, -12.34, 'a bet at the old site');
    await conn.query("UPDATE fa_user SET nickname = '新昵称', status = 'hidden' WHERE id = ?", [gen.p.carol!.id]);
    await conn.query("UPDATE fa_user_pay SET acc_bank = '农业银行' WHERE user_id = ?", [gen.p.alice!.id]);
    await conn.query("UPDATE fa_user SET pass_code = '654321' WHERE id = ?", [gen.p.bob!.id]);

    const r = await w.run();
    expect(r.balances_equal).toBe(true);
    expect(r.reconciliation).toEqual([]);
    expect(await findDiscrepancies(app.db)).toEqual([]);

    // Wendy's withdrawal approved there: ours approved, her balance unmoved.
    const wendy = await ourId(gen.p.wendy!.id);
    expect((await queryRows<{ status: number }>(app.db, sql`select status from withdrawals where user_id = ${wendy}`)).map((x) => x.status)).toEqual([1]);
    expect(await balance(gen.p.wendy!.id)).toBe(gen.money.wendy);
    // One of multi's two rejected (credited back there): ours replaced by a request for the other; the refund is in the balance.
    const multi = await ourId(gen.p.multi!.id);
    const mw = await queryRows<{ status: number; amount: string }>(app.db, sql`select status, amount from withdrawals where user_id = ${multi} order by id`);
    expect(mw.map((x) => [x.status, Number(x.amount)])).toEqual([
      [2, 15_000],
      [0, 5_000],
    ]);
    expect(await balance(gen.p.multi!.id)).toBe(gen.money.multi! + 10_000);
    // Dora's deposit approved there: ours approved and credited.
    const dora = await ourId(gen.p.dora!.id);
    expect((await queryRows<{ status: number }>(app.db, sql`select status from deposits where user_id = ${dora}`))[0]!.status).toBe(1);
    expect(await balance(gen.p.dora!.id)).toBe(gen.money.dora! + 30_000);
    // Bob's balance moved there: one type-11 entry of the difference.
    const bob = await ourId(gen.p.bob!.id);
    const moved = await queryRows<{ quantity: string; memo: string }>(
      app.db,
      sql`select quantity, memo from ledger where user_id = ${bob} and type = 11 order by id desc limit 1`,
    );
    expect(moved[0]).toMatchObject({ memo: 'balance moved on the previous site' });
    expect(Number(moved[0]!.quantity)).toBe(-1_234);
    // The settled bet, the nickname, the lock, the bank, the new code.
    const [order] = await queryRows<{ status: number; payout: string }>(app.db, sql`select status, payout from legacy_orders where source_id = ${open!.id}`);
    expect([order!.status, Number(order!.payout)]).toEqual([1, 4_000]);
    const [carol] = await queryRows<{ nickname: string; disabled: boolean }>(
      app.db,
      sql`select nickname, disabled from users where id = ${await ourId(gen.p.carol!.id)}`,
    );
    expect(carol).toEqual({ nickname: '新昵称', disabled: true });
    const [pay] = await queryRows<{ acc_bank: string }>(app.db, sql`select acc_bank from pay_accounts where user_id = ${await ourId(gen.p.alice!.id)}`);
    expect(pay!.acc_bank).toBe('农业银行');
    expect(r.counts.secrets).toMatchObject({ updated: 1 });

    // And once more: nothing new, nothing changes.
    const before = await picture();
    await w.run();
    expect(await picture()).toBe(before);
  });

  it("--rooms applies the rooms' differences; the report then finds none", async () => {
    const applied = await w.run({ rooms: true });
    expect(applied.rooms.differences.length).toBeGreaterThan(0);
    const [room] = await queryRows<{ min_limit: string; odds_override: Record<string, { odds: number; min: number; max: number }>; title: string }>(
      app.db,
      sql`select min_limit, odds_override, title from rooms where game_id = 1 and type = 0`,
    );
    expect(Number(room!.min_limit)).toBe(2_000);
    expect(room!.odds_override['1']).toEqual({ odds: 210, min: 2_000, max: 300_000 });
    expect(room!.title).toBe('初级房');
    expect((await w.run()).rooms.differences).toEqual([]);
  });
});
