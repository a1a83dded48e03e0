import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/query.js';
import { callApi, rawCall } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { bet, createGameApp, fundedUser, roomOf, ROUND_MS } from '../game/kit.js';

const { app, clock } = await createGameApp();
const [admin, finance, support] = [await operatorWithRole(app, 'admin'), await operatorWithRole(app, 'finance'), await operatorWithRole(app, 'support')];
const TITLE = { zh: '新手房', tw: '新手房', en: 'Starter', vi: 'Phòng mới' };

/** The console's edit of a room: its current table from gameConfig with some rows changed. */
async function roomEdit(roomId: number, change: (row: any) => any = (r) => r) {
  const config = (await callApi(app, api.admin.gameConfig, {}, { token: admin })).data;
  const room = config.games.flatMap((g: any) => g.rooms).find((r: any) => r.id === roomId);
  return {
    id: roomId,
    title: TITLE,
    min_limit: room.min_limit,
    join_limit: room.join_limit,
    enabled: true,
    odds: room.odds
      .filter((o: any) => o.enabled)
      .map((o: any) => change({ class: o.class, odds: o.odds, odds_special: o.odds_special, min: o.min, max: o.max, enabled: true })),
  };
}

const oddsOf = async (plan: number, cls: number) => {
  const res = await callApi(app, api.lottery.oddsList, { plan_id: plan });
  return [...res.data.rule_base, ...res.data.rule_num].find((r: any) => r.class === cls);
};

describe('games and rooms', () => {
  it('every operator reads the configuration with each class’s RTP; finance and support cannot change it', async () => {
    const plan = await roomOf(app, 7, 0);
    const config = (await callApi(app, api.admin.gameConfig, {}, { token: support })).data;
    const room = config.games.find((g: any) => g.id === 7)!.rooms.find((r: any) => r.id === plan);
    expect(room!.odds.find((o: any) => o.class === 1)).toMatchObject({
      odds: '2.00',
      odds_special: '1.60',
      rtp: '97.00',
      min: '10.00',
      max: '5000.00',
      enabled: true,
    });
    const edit = await roomEdit(plan);
    for (const token of [finance, support]) {
      expect((await callApi(app, api.admin.roomUpdate, edit, { token })).status).toBe(403);
      expect((await callApi(app, api.admin.gameUpdate, { id: 7, enabled: false }, { token })).status).toBe(403);
    }
  });

  it('refuses a table in which a class returns more than 100 %, and changes nothing', async () => {
    const plan = await roomOf(app, 7, 1);
    const edit = await roomEdit(plan, (r) => (r.class === 1 ? { ...r, odds: '2.10' } : r));
    const res = await callApi(app, api.admin.roomUpdate, edit, { token: admin });
    expect([res.code, res.field]).toEqual([0, 'odds']);
    expect(res.msg).toBe('Big would return 101.25% to players; no class may return more than 100%');
    const sum = await roomEdit(plan, (r) => (r.class === 113 ? { ...r, odds: '14.00' } : r));
    expect((await callApi(app, api.admin.roomUpdate, sum, { token: admin })).msg).toMatch(/^Sum 13 would return 105\.00%/);
    const [row] = await queryRows<{ pending: unknown }>(app.db, sql`select pending from rooms where id = ${plan}`);
    expect(row!.pending).toBeNull();
    const bad = await callApi(
      app,
      api.admin.roomUpdate,
      { ...edit, odds: [{ class: 1, odds: '1.90', min: '50', max: '10', enabled: true }] },
      { token: admin },
    );
    expect([bad.code, bad.field]).toEqual([0, 'odds']);
    expect((await rawCall(app, api.admin.roomUpdate, { ...edit, title: { zh: 'x' } }, { token: admin })).field).toBe('title');
  });

  it('a stake-limit change applies from the next round; bets already placed keep their odds', async () => {
    const plan = await roomOf(app, 7, 0);
    const player = await fundedUser(app, 1_000_000);
    expect((await bet(app, player.token, { plan_id: plan, play_type: '1', money: '10' })).code).toBe(1);
    const edit = await roomEdit(plan, (r) => (r.class === 1 ? { ...r, odds: '1.95', max: '800' } : r));
    const res = await callApi(app, api.admin.roomUpdate, { ...edit, min_limit: '20' }, { token: admin });
    expect(res.msg).toBe('Saved; it takes effect from the next round');
    // The round in progress keeps what its players saw.
    expect(await oddsOf(plan, 1)).toMatchObject({ odds: '2.00', max: '5000.00' });
    expect((await bet(app, player.token, { plan_id: plan, play_type: '1', money: '4000' })).code).toBe(1);
    clock.advance(ROUND_MS);
    expect(await oddsOf(plan, 1)).toMatchObject({ odds: '1.95', max: '800.00', min: '20.00' });
    expect((await bet(app, player.token, { plan_id: plan, play_type: '1', money: '4000' })).msg).toBe('Each bet must be between 20.00 and 800.00');
    expect((await bet(app, player.token, { plan_id: plan, play_type: '1', money: '800' })).code).toBe(1);
    const orders = await queryRows<{ odds: number }>(app.db, sql`select odds from orders where user_id = ${player.userId} order by id`);
    expect(orders.map((o) => Number(o.odds))).toEqual([200, 200, 195]);
    const hall = await callApi(app, api.lottery.index, { game_id: 7 }, { lang: 'vi' });
    expect(hall.data.gameList[0]!.planList.find((p: any) => p.id === plan)!.title).toBe('Phòng mới');
    const [trail] = await queryRows<{ detail: any }>(app.db, sql`select detail from audit_log where action = 'room.update' and target_id = ${String(plan)}`);
    expect(trail!.detail.before.min_limit).toBe(1_000);
    expect(trail!.detail.after.min_limit).toBe(2_000);
  });

  it('closing a game takes effect from the next round', async () => {
    const plan = await roomOf(app, 6, 0);
    const player = await fundedUser(app, 100_000);
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: false }, { token: admin })).code).toBe(1);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).code).toBe(1);
    clock.advance(ROUND_MS);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).msg).toBe('Product discontinued');
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: true, open_from: '25:00', open_to: '' }, { token: admin })).field).toBe('open_from');
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: true, open_from: '09:00' }, { token: admin })).field).toBe('open_to');
    expect((await callApi(app, api.admin.gameUpdate, { id: 99, enabled: true }, { token: admin })).msg).toBe('Game not found');
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: true }, { token: admin })).code).toBe(1);
  });
});

describe('round monitor', () => {
  it('shows the current round’s stakes by class and the house result per total, and drawn rounds with their seed', async () => {
    const plan = await roomOf(app, 5, 0);
    const player = await fundedUser(app, 100_000);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 5, play_type: '1,113', money: '10' })).code).toBe(1);
    const now = (await callApi(app, api.admin.roundCurrent, { game_id: 5 }, { token: finance })).data;
    expect(now).toMatchObject({ orders: 2, players: 1, stakes: '20.00' });
    expect(now.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(now).not.toHaveProperty('seed');
    expect(now.by_class.map((c: any) => [c.class, c.stakes])).toEqual([
      [1, '10.00'],
      [113, '10.00'],
    ]);
    // Total 13: big loses, sum 13 pays 12x → 20 − 120 = −100. Total 14: big pays 1.6x → 20 − 16 = 4. Total 0: both lose.
    const at = (t: number) => now.exposure.find((e: any) => e.total === t);
    expect(at(13)!.house_worst).toBe('-100.00');
    expect(at(14)!.house_worst).toBe('4.00');
    expect(at(0)!.house_worst).toBe('20.00');
    clock.advance(ROUND_MS);
    await app.game.scheduler.tick();
    const drawn = (await callApi(app, api.admin.roundList, { game_id: 5 }, { token: support })).data;
    const round = drawn.list.find((r: any) => r.issue === now.issue);
    expect(round!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(round).toMatchObject({ orders: 2, stakes: '20.00' });
    expect(Number(round!.house)).toBeCloseTo(20 - Number(round!.payouts), 2);
    const later = (await callApi(app, api.admin.roundCurrent, { game_id: 5 }, { token: support })).data;
    expect(later.issue).not.toBe(now.issue);
    expect(JSON.stringify(later)).not.toMatch(/seed/);
    expect((await callApi(app, api.admin.roundCurrent, { game_id: 3 }, { token: support })).field).toBe('game_id');
  });
});

describe('ledger rows in the database', () => {
  it('can never be deleted, and only their status may change', async () => {
    const player = await fundedUser(app, 5_000);
    const [row] = await queryRows<{ id: number }>(app.db, sql`select id from ledger where user_id = ${player.userId}`);
    await expect(app.db.execute(sql`delete from ledger where id = ${row!.id}`)).rejects.toThrow();
    // The database's own refusal (the trigger), not some other failure.
    expect(
      await app.db.execute(sql`truncate ledger cascade`).then(
        () => 'truncated',
        (e) => String(e.cause?.message ?? e.message),
      ),
    ).toMatch(/never deleted/);
    await expect(app.db.execute(sql`update ledger set quantity = 1 where id = ${row!.id}`)).rejects.toThrow();
    await expect(app.db.execute(sql`update ledger set user_id = user_id + 1 where id = ${row!.id}`)).rejects.toThrow();
    await expect(app.db.execute(sql`update ledger set memo = 'rewritten' where id = ${row!.id}`)).rejects.toThrow();
    await app.db.execute(sql`update ledger set status = 2 where id = ${row!.id}`);
    await app.db.execute(sql`update ledger set status = 1 where id = ${row!.id}`);
    const [after] = await queryRows<{ quantity: string; n: number }>(
      app.db,
      sql`select quantity::text, (select count(*)::int from ledger where user_id = ${player.userId}) as n from ledger where id = ${row!.id}`,
    );
    expect(after).toEqual({ quantity: '5000', n: 1 });
  });
});

describe('money dashboard', () => {
  it('sums the day’s stakes, payouts, house result, gifts and active players; support is refused', async () => {
    const before = (await callApi(app, api.admin.moneySummary, {}, { token: finance })).data;
    const player = await fundedUser(app, 0);
    expect((await callApi(app, api.admin.userGift, { id: player.userId, amount: '500', reason: 'welcome' }, { token: finance })).code).toBe(1);
    const plan = await roomOf(app, 2, 0);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 2, play_type: '3', money: '25' })).code).toBe(1);
    const after = (await callApi(app, api.admin.moneySummary, {}, { token: finance })).data;
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(after.totals.stakes) - cents(before.totals.stakes)).toBe(2_500);
    expect(cents(after.totals.gifts) - cents(before.totals.gifts)).toBe(50_000);
    expect(after.totals.players).toBeGreaterThanOrEqual(1);
    expect(cents(after.totals.house)).toBe(cents(after.totals.stakes) - cents(after.totals.payouts));
    expect(after.days.length).toBeGreaterThanOrEqual(1);
    expect((await callApi(app, api.admin.moneySummary, {}, { token: support })).status).toBe(403);
    expect((await callApi(app, api.admin.moneySummary, { begin_date: '2020-01-01', end_date: '2026-01-01' }, { token: finance })).field).toBe('begin_date');
    expect((await callApi(app, api.admin.moneySummary, { begin_date: 'yesterday' }, { token: finance })).field).toBe('begin_date');
  });
});

// These advance the clock by whole rounds, so they come last.
describe('game and room changes over rounds', () => {
  it('opening hours set by an operator apply from the next round: outside them no bet is taken', async () => {
    const plan = await roomOf(app, 6, 0);
    const player = await fundedUser(app, 100_000);
    clock.advance(ROUND_MS);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).code).toBe(1);
    // The test clock is mid-morning in the operator's time zone: open 12:00–02:00 (past midnight) leaves it closed.
    const res = await callApi(app, api.admin.gameUpdate, { id: 6, enabled: true, open_from: '12:00', open_to: '02:00' }, { token: admin });
    expect(res.code).toBe(1);
    const waiting = (await callApi(app, api.admin.gameConfig, {}, { token: support })).data.games.find((g: any) => g.id === 6);
    expect(waiting).toMatchObject({ open_from: null, open_to: null, pending: { open_from: '12:00', open_to: '02:00' }, pending_from: res.data.from });
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).code).toBe(1);
    clock.advance(ROUND_MS);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).msg).toMatch(/^This game is closed now/);
    const applied = (await callApi(app, api.admin.gameConfig, {}, { token: support })).data.games.find((g: any) => g.id === 6);
    expect([applied!.open_from, applied!.open_to]).toEqual(['12:00', '02:00']);
    const [trail] = await queryRows<{ detail: any }>(
      app.db,
      sql`
      select detail from audit_log where action = 'game.update' and target_id = '6' order by id desc limit 1`,
    );
    expect(trail!.detail).toMatchObject({ before: { open_from: null, open_to: null }, after: { open_from: '12:00', open_to: '02:00' } });
    // Back to always open, again from the next round.
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: true, open_from: '', open_to: '' }, { token: admin })).code).toBe(1);
    clock.advance(ROUND_MS);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).code).toBe(1);
  });

  it('a change that came due is in force before the next one is scheduled, never overwritten by it', async () => {
    const plan = await roomOf(app, 6, 0);
    const player = await fundedUser(app, 100_000);
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: false }, { token: admin })).code).toBe(1);
    // The closing comes due with the next round; nothing reads the configuration before the next edit.
    clock.advance(ROUND_MS);
    expect((await callApi(app, api.admin.gameUpdate, { id: 6, enabled: true, open_from: '', open_to: '' }, { token: admin })).code).toBe(1);
    const [trail] = await queryRows<{ detail: any }>(
      app.db,
      sql`
      select detail from audit_log where action = 'game.update' and target_id = '6' order by id desc limit 1`,
    );
    expect(trail!.detail.before.enabled).toBe(false);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).msg).toBe('Product discontinued');
    clock.advance(ROUND_MS);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 6, play_type: '2', money: '10' })).code).toBe(1);

    // Likewise for a room: a due minimum stake is kept as the "before" of the next edit and applies this round.
    const edit = await roomEdit(plan);
    expect((await callApi(app, api.admin.roomUpdate, { ...edit, min_limit: '30' }, { token: admin })).code).toBe(1);
    clock.advance(ROUND_MS);
    expect((await callApi(app, api.admin.roomUpdate, { ...edit, min_limit: '40' }, { token: admin })).code).toBe(1);
    const [room] = await queryRows<{ detail: any }>(
      app.db,
      sql`
      select detail from audit_log where action = 'room.update' and target_id = ${String(plan)} order by id desc limit 1`,
    );
    expect(room!.detail.before.min_limit).toBe(3_000);
    expect((await oddsOf(plan, 2))!.min).toBe('30.00');
    clock.advance(ROUND_MS);
    expect((await oddsOf(plan, 2))!.min).toBe('40.00');
    expect((await callApi(app, api.admin.roomUpdate, edit, { token: admin })).code).toBe(1);
    clock.advance(ROUND_MS);
  });
});
