/**
 * The daily referral commission (issue 24) through the real bets and draws, on PGlite and PostgreSQL:
 * the formula for every class at the odds each order was placed with, level 2 on and off, the minimum
 * payout carried to the next day, nothing for excluded invitees, held for a frozen referrer and for
 * a flagged pair — and the reconciliation that recomputes the rows from the orders.
 */
import { api } from '@lucky28/shared/api';
import { BET_CLASS_IDS, DEFAULT_ODDS, EVEN_MONEY_PAID, houseEdgeScaled } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { CommissionStatus, Pot } from '../../src/domain/referral/commission.js';
import { DEFAULT_REFERRAL_SETTINGS, saveSettingsFromTomorrow } from '../../src/domain/referral/settings.js';
import { checkInvariants } from '../../src/domain/wallet/invariants.js';
import { zonedDate } from '../../src/domain/time.js';
import { uniqueName, callApi, rawCall } from '../helpers.js';
import { balances, createGameApp, fund } from '../game/kit.js';
import { commissionOf, commissionPayments, commissionRows, edgeOf, member, playRound, runDays, toNextDay } from './kit.js';

const { app, clock } = await createGameApp();
const tz = app.config.timeZone;
const today = () => zonedDate(clock.now(), tz);
/** The classes a room offers at the default odds (the exact sums are limited to 2,000 u; 10 u is fine). */
const CLASSES = BET_CLASS_IDS.filter((id) => DEFAULT_ODDS.has(id));

async function commissionProblems() {
  return (await checkInvariants(app.db)).find((r) => r.name === 'commission_from_orders')!;
}

describe('the daily referral commission', () => {
  it('is 25 % of each settled stake’s house edge, for every class, summed per referrer and day and rounded down once; paid as one ledger row', async () => {
    const referrer = await member(app);
    const friend = await member(app, referrer);
    const loner = await member(app);
    await playRound(app, clock, [
      { who: friend, playType: CLASSES.join(','), money: '10.01' },
      { who: loner, playType: '1', money: '100' },
    ]);
    const day = today();
    toNextDay(clock);
    const before = await balances(app, referrer.userId);
    const [result] = await runDays(app, clock);
    expect(result).toMatchObject({ day, computed: true });

    const edge = await edgeOf(app.db, [friend.userId], day);
    const want = commissionOf(edge, 2_500);
    // Every class has an edge at the default odds; the sum is well above the minimum payout.
    expect(want).toBeGreaterThan(100);
    const rows = await commissionRows(app.db, referrer.userId);
    expect(rows).toEqual([
      expect.objectContaining({ day, pot: Pot.normal, orders: CLASSES.length, stakes: CLASSES.length * 1001, amount: want, status: CommissionStatus.paid }),
    ]);
    const payments = await commissionPayments(app.db, referrer.userId);
    expect(payments).toEqual([{ id: rows[0]!.ledger_id, quantity: want, ref_id: rows[0]!.id }]);
    expect((await balances(app, referrer.userId)).money - before.money).toBe(want);
    // Nobody invited the loner: their bet earns nobody anything.
    expect((await commissionRows(app.db)).filter((r) => r.day === day).map((r) => r.referrer_id)).toEqual([referrer.userId]);
    expect((await commissionProblems()).count).toBe(0);
  });

  it('uses the odds each order was placed with when the room’s odds change between two bets', async () => {
    const referrer = await member(app);
    const friend = await member(app, referrer);
    await playRound(app, clock, [{ who: friend, playType: '1', money: '1000' }]);
    const room = await queryRows<{ id: number }>(app.db, sql`select id from rooms where game_id = 7 and type = 0`);
    await app.db.execute(sql`update rooms set odds_override = ${JSON.stringify({ 1: { odds: 190 } })}::jsonb where id = ${room[0]!.id}`);
    await app.game.reloadConfig();
    await playRound(app, clock, [{ who: friend, playType: '1', money: '1000' }]);
    await app.db.execute(sql`update rooms set odds_override = null where id = ${room[0]!.id}`);
    await app.game.reloadConfig();
    const odds = await queryRows<{ odds: number }>(app.db, sql`select odds from orders where user_id = ${friend.userId} order by id`);
    expect(odds.map((o) => Number(o.odds))).toEqual([200, 190]);

    const day = today();
    toNextDay(clock);
    await runDays(app, clock);
    // Big at 2.00 (1.60 on 13/14) returns 97 %: an edge of 3 % of 1,000 u = 30 u; the second order's edge is its own
    // at 1.90, and the day's sum is rounded once.
    const edge = await edgeOf(app.db, [friend.userId], day);
    const atNewOdds = BigInt(houseEdgeScaled({ playType: 1, amount: 100_000, odds: 190, oddsSpecial: 160 }));
    expect(edge).toBe(3_000n * BigInt(EVEN_MONEY_PAID) + atNewOdds);
    expect(atNewOdds).toBeGreaterThan(3_000n * BigInt(EVEN_MONEY_PAID));
    const [row] = await commissionRows(app.db, referrer.userId);
    expect(row!.amount).toBe(commissionOf(edge, 2_500));
  });

  it('counts level 2 only while the operator has it on, at its own rate, from the day after the change', async () => {
    const top = await member(app);
    const middle = await member(app, top);
    const bottom = await member(app, middle);
    await playRound(app, clock, [{ who: bottom, playType: '2', money: '1000' }]);
    // Turned on today: applies from tomorrow, today is computed with level 2 off.
    await saveSettingsFromTomorrow(app.db, { ...DEFAULT_REFERRAL_SETTINGS, level2: true, rate2Bp: 500 }, { operatorId: null, now: clock.now(), timeZone: tz });
    const day1 = today();
    toNextDay(clock, 9, 0);
    await runDays(app, clock);
    const edge1 = await edgeOf(app.db, [bottom.userId], day1);
    expect((await commissionRows(app.db, middle.userId)).map((r) => r.amount)).toEqual([commissionOf(edge1, 2_500)]);
    expect(await commissionRows(app.db, top.userId)).toEqual([]);

    await playRound(app, clock, [{ who: bottom, playType: '2', money: '1000' }]);
    const day2 = today();
    toNextDay(clock);
    await runDays(app, clock);
    const edge2 = await edgeOf(app.db, [bottom.userId], day2);
    const topRows = await commissionRows(app.db, top.userId);
    expect(topRows).toEqual([expect.objectContaining({ day: day2, amount: commissionOf(edge2, 500), status: CommissionStatus.paid })]);
    expect((await commissionRows(app.db, middle.userId)).map((r) => r.amount)).toEqual([commissionOf(edge1, 2_500), commissionOf(edge2, 2_500)]);
    expect((await commissionProblems()).count).toBe(0);
    await app.db.execute(sql`delete from referral_settings`);
  });

  it('carries a day below the minimum payout to the next day, then pays both in one ledger row', async () => {
    const referrer = await member(app);
    const friend = await member(app, referrer);
    // Big, 20 u: edge 0.60 u, commission 0.15 u (< 1 u).
    await playRound(app, clock, [{ who: friend, playType: '1', money: '20' }]);
    const day1 = today();
    toNextDay(clock);
    await runDays(app, clock);
    expect(await commissionRows(app.db, referrer.userId)).toEqual([
      expect.objectContaining({ day: day1, amount: 15, status: CommissionStatus.pending, ledger_id: null }),
    ]);
    expect(await commissionPayments(app.db, referrer.userId)).toEqual([]);

    await playRound(app, clock, [{ who: friend, playType: '1', money: '400' }]);
    const day2 = today();
    toNextDay(clock);
    await runDays(app, clock);
    const rows = await commissionRows(app.db, referrer.userId);
    expect(rows.map((r) => [r.day, r.amount, r.status])).toEqual([
      [day1, 15, CommissionStatus.paid],
      [day2, 300, CommissionStatus.paid],
    ]);
    const payments = await commissionPayments(app.db, referrer.userId);
    expect(payments).toEqual([{ id: rows[1]!.ledger_id, quantity: 315, ref_id: rows[1]!.id }]);
    expect(rows[0]!.ledger_id).toBe(rows[1]!.ledger_id);
  });

  it('pays nothing on the orders of an invitee who is self-excluded, timed out or frozen at the run', async () => {
    const referrer = await member(app);
    const [excluded, timedOut, frozen, fine] = [
      await member(app, referrer),
      await member(app, referrer),
      await member(app, referrer),
      await member(app, referrer),
    ];
    await playRound(
      app,
      clock,
      [excluded, timedOut, frozen, fine].map((who) => ({ who, playType: '3', money: '1000' })),
    );
    const until = new Date(clock.now() + 30 * 86_400_000).toISOString();
    await app.db.execute(sql`update users set excluded_until = ${until}, exclusion_kind = 'self_exclusion', excluded_at = now() where id = ${excluded.userId}`);
    await app.db.execute(sql`update users set excluded_until = ${until}, exclusion_kind = 'timeout', excluded_at = now() where id = ${timedOut.userId}`);
    await app.db.execute(sql`update users set disabled = true where id = ${frozen.userId}`);
    const day = today();
    toNextDay(clock);
    await runDays(app, clock);
    const [row] = await commissionRows(app.db, referrer.userId);
    expect(row).toMatchObject({ orders: 1, amount: commissionOf(await edgeOf(app.db, [fine.userId], day), 2_500) });
    const [d] = await queryRows<{ excluded: string }>(
      app.db,
      sql`select array_to_string(excluded_invitees, ',') as excluded from referral_days where day = ${day}`,
    );
    expect(d!.excluded.split(',').map(Number)).toEqual(expect.arrayContaining([excluded.userId, timedOut.userId, frozen.userId]));
    expect((await commissionProblems()).count).toBe(0);
  });

  it('holds a frozen referrer’s commission and pays it with the first day after the unfreeze', async () => {
    const referrer = await member(app);
    const friend = await member(app, referrer);
    await app.db.execute(sql`update users set disabled = true where id = ${referrer.userId}`);
    await playRound(app, clock, [{ who: friend, playType: '4', money: '1000' }]);
    toNextDay(clock);
    await runDays(app, clock);
    expect(await commissionRows(app.db, referrer.userId)).toEqual([
      expect.objectContaining({ amount: 750, status: CommissionStatus.held, hold_reason: 'referrer_blocked', ledger_id: null }),
    ]);
    await app.db.execute(sql`update users set disabled = false where id = ${referrer.userId}`);
    await playRound(app, clock, [{ who: friend, playType: '4', money: '1000' }]);
    toNextDay(clock);
    await runDays(app, clock);
    const rows = await commissionRows(app.db, referrer.userId);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([
      [750, CommissionStatus.paid],
      [750, CommissionStatus.paid],
    ]);
    expect(await commissionPayments(app.db, referrer.userId)).toEqual([{ id: rows[0]!.ledger_id, quantity: 1_500, ref_id: rows[1]!.id }]);
  });

  it('flags an invitee who signs up from the referrer’s IP or device and holds its commission apart', async () => {
    const referrer = await member(app, undefined, 0);
    // The referrer signs in from an address and a device of theirs.
    expect(
      (await callApi(app, api.user.login, { account: referrer.username, password: referrer.password, device_id: 'phone-of-referrer' }, { ip: '10.77.0.1' }))
        .code,
    ).toBe(1);
    const names = [uniqueName('sameip'), uniqueName('samedev')];
    const sameIp = await rawCall(app, api.user.register, { username: names[0], password: 'correct-horse-9', inviter_id: referrer.userId }, { ip: '10.77.0.1' });
    const sameDevice = await rawCall(
      app,
      api.user.register,
      { username: names[1], password: 'correct-horse-9', inviter_id: referrer.userId, device_id: 'phone-of-referrer' },
      { ip: '10.77.0.2' },
    );
    const honest = await member(app, referrer);
    const flags = await queryRows<{ id: number; referral_flag: string | null }>(
      app.db,
      sql`select id, referral_flag from users where inviter_id = ${referrer.userId} order by id`,
    );
    expect(flags.map((f) => f.referral_flag)).toEqual(['ip', 'device', null]);
    // Nothing stored in the clear.
    const marks = await queryRows<{ hash: string }>(app.db, sql`select hash from referral_marks where user_id = ${referrer.userId}`);
    expect(marks.length).toBeGreaterThanOrEqual(2);
    expect(marks.some((m) => m.hash.includes('10.77') || m.hash.includes('phone'))).toBe(false);

    const flagged = [sameIp, sameDevice].map((r, i) => ({
      token: '',
      userId: r.data.userinfo.user_id as number,
      username: names[i]!,
      password: 'correct-horse-9',
    }));
    for (const f of flagged) await fund(app, f.userId, 5_000_00);
    await playRound(app, clock, [...flagged.map((who) => ({ who, playType: '1', money: '1000' })), { who: honest, playType: '1', money: '1000' }]);
    toNextDay(clock);
    await runDays(app, clock);
    const rows = await commissionRows(app.db, referrer.userId);
    expect(rows.map((r) => [r.pot, r.amount, r.status, r.hold_reason])).toEqual([
      [Pot.normal, 750, CommissionStatus.paid, null],
      [Pot.flagged, 1_500, CommissionStatus.held, 'flagged'],
    ]);
    expect((await commissionPayments(app.db, referrer.userId)).map((p) => p.quantity)).toEqual([750]);
  });

  it('reports a commission row that differs from the formula (the reconciliation recomputes it), and a payment that differs from its rows', async () => {
    const [row] = (await commissionRows(app.db)).filter((r) => r.status === CommissionStatus.paid);
    await app.db.execute(sql`update referral_commissions set amount = amount + 1 where id = ${row!.id}`);
    const broken = await commissionProblems();
    expect(broken.count).toBeGreaterThanOrEqual(2);
    expect(broken.examples.map((e) => e.problem)).toEqual(expect.arrayContaining(['commission_vs_orders', 'commission_payment']));
    expect(broken.examples.find((e) => e.problem === 'commission_vs_orders')).toMatchObject({ userId: row!.referrer_id, detail: { row: row!.id } });
    await app.db.execute(sql`update referral_commissions set amount = amount - 1 where id = ${row!.id}`);
    // A row moved to the other pot: one row too many, one missing.
    const saved = await queryRows<Record<string, unknown>>(app.db, sql`select * from referral_commissions where id = ${row!.id}`);
    await app.db.execute(sql`update referral_commissions set referrer_id = ${row!.referrer_id}, pot = 1 where id = ${row!.id}`);
    expect((await commissionProblems()).count).toBeGreaterThan(0);
    await app.db.execute(sql`update referral_commissions set pot = ${Number(saved[0]!.pot)} where id = ${row!.id}`);
    expect((await commissionProblems()).count).toBe(0);
  });
});
