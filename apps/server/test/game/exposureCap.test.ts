/**
 * The house's exposure cap per round (docs/design.md, "Exposure cap"): a bet that would take the
 * house's loss on some outcome of the round (all rooms of the game; digit patterns counted as the
 * monitor counts them) past the game's cap is refused naming the cap, and changes nothing; parallel
 * bets never pass it together; the console sets it from the next round and the monitor shows it.
 */
import { api } from '@lucky28/shared/api';
import { API_LANGS, translate } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query.js';
import { callApi } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { balances, bet, checkLedgerInvariants, createGameApp, currentIssue, fundedUser, roomOf, ROUND_MS } from './kit.js';

const rateLimits = { login: false, register: false, secret: false, upload: false, bet: false } as const;
const { app, clock } = await createGameApp({ rateLimits });
const admin = await operatorWithRole(app, 'admin');
const room = await roomOf(app, 7, 0);
const otherRoom = await roomOf(app, 7, 1);

/** Sets game 7's cap in force now (the console's change waits for the next round: tested below). */
async function setCap(cents: number) {
  await app.db.execute(sql`update games set exposure_cap = ${cents} where id = 7`);
  await app.game.reloadConfig();
}

/** A new round of game 7 for each test, so that reservations start empty. */
async function freshRound() {
  clock.advance(ROUND_MS);
  await app.game.scheduler.tick();
}

/** The current round's largest reservation, cents. */
async function reservedMax() {
  const issue = await currentIssue(app);
  const [row] = await queryRows<{ m: string | number | null }>(
    app.db,
    sql`select max(e.reserved) as m from round_exposure e join rounds r on r.id = e.round_id where r.game_id = 7 and r.issue = ${issue}`,
  );
  return Number(row?.m ?? 0);
}

const monitor = async () => (await callApi(app, api.admin.roundCurrent, { game_id: 7 }, { token: admin })).data;
const worstLoss = async () => -Math.min(...(await monitor()).exposure.map((e) => Math.round(Number(e.house_worst) * 100)));

describe('the exposure cap of a round', () => {
  it('refuses the bet that would pass it, naming the cap in every language, and changes nothing', async () => {
    await freshRound();
    await setCap(1_000_00);
    const a = await fundedUser(app, 5_000_00);
    const b = await fundedUser(app, 5_000_00);
    // 大 at 2.0x: each 500.00 costs the house 500.00 on totals 15–27 (300.00 on 14, at 1.6x).
    expect((await bet(app, a.token, { plan_id: room, play_type: '1', money: '500' })).code).toBe(1);
    expect((await bet(app, b.token, { plan_id: otherRoom, play_type: '1', money: '500' })).code).toBe(1);
    expect(await reservedMax()).toBe(1_000_00);
    const issue = await currentIssue(app);
    for (const lang of API_LANGS) {
      const res = await callApi(app, api.lottery.playOrder, { issue, game_id: 7, plan_id: room, play_type: '1', money: '10', lang }, { token: a.token });
      expect([res.code, res.field, res.msg]).toEqual([0, 'money', translate(lang, 'err.round_exposure_cap', { max: '1000.00' })]);
    }
    // A slip is placed whole or not at all: 小 alone fits, 小 with 单 does not (单 wins on 15, 17 … as 大 does).
    const slip = await bet(app, a.token, { plan_id: room, play_type: '2,3', money: '10' });
    expect(slip.msg).toBe(translate('en', 'err.round_exposure_cap', { max: '1000.00' }));
    expect(await balances(app, a.userId)).toEqual({ money: 4_500_00, score: 0 });
    expect((await bet(app, a.token, { plan_id: room, play_type: '2', money: '500' })).code).toBe(1);
    expect(await worstLoss()).toBeLessThanOrEqual(1_000_00);
    await checkLedgerInvariants(app.db);
  });

  it('counts the digit patterns of a total as the monitor does: triple, pair and exact sums', async () => {
    await freshRound();
    await setCap(1_200_00);
    const p = await fundedUser(app, 5_000_00);
    const place = async (playType: number, money: string) => (await bet(app, p.token, { plan_id: room, play_type: String(playType), money })).code;
    // Triple at 90x: 10.00 costs 890.00 on every triple (000, 111 … 999), nothing on the other digits.
    expect(await place(31, '10')).toBe(1);
    expect(await place(33, '10')).toBe(1);
    // Sum 6 at 28x: 10.00 costs 270.00 on all digits of total 6, 222 among them: 890 + 270 = 1160.00 fits;
    // twice would be 1430.00 on 222 (540.00 on 015 or 123, which alone would fit).
    expect(await place(106, '10')).toBe(1);
    expect(await place(106, '10')).toBe(0);
    // Sum 4 has no triple: 10.00 at 48x (470.00) fits beside the pair's 25.00.
    expect(await place(104, '10')).toBe(1);
    expect(await reservedMax()).toBe(1_160_00);
    expect(await worstLoss()).toBeLessThanOrEqual(1_200_00);
  });

  it('lets parallel bets through only up to the cap, on both paths together', async () => {
    await freshRound();
    await setCap(1_000_00);
    const players = await Promise.all(Array.from({ length: 24 }, () => fundedUser(app, 1_000_00)));
    const answers = await Promise.all(players.map((p, i) => bet(app, p.token, { plan_id: i % 2 ? room : otherRoom, play_type: '1', money: '100' })));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(new Set([translate('en', 'err.round_exposure_cap', { max: '1000.00' })]));
    expect(await reservedMax()).toBe(1_000_00);
    expect(await worstLoss()).toBe(1_000_00);
    // The other side of the book is still open, in parallel too.
    const small = await Promise.all(players.slice(0, 12).map((p) => bet(app, p.token, { plan_id: room, play_type: '2', money: '100' })));
    expect(small.filter((a) => a.code === 1)).toHaveLength(10);
    await checkLedgerInvariants(app.db);
  });

  it('is off at 0', async () => {
    await freshRound();
    await setCap(0);
    const p = await fundedUser(app, 50_000_00);
    expect((await bet(app, p.token, { plan_id: room, play_type: '100', money: '2000' })).code).toBe(1);
    expect(await reservedMax()).toBe(0);
  });
});

describe('the cap in the console', () => {
  it('an admin sets it from the next round; the monitor shows it beside the fullest reservation', async () => {
    await freshRound();
    await setCap(0);
    const res = await callApi(app, api.admin.gameUpdate, { id: 7, enabled: true, exposure_cap: '300' }, { token: admin });
    expect(res.code).toBe(1);
    const config = (await callApi(app, api.admin.gameConfig, {}, { token: admin })).data.games.find((g) => g.id === 7)!;
    expect([config.exposure_cap, config.pending?.exposure_cap]).toEqual(['0.00', '300.00']);
    const p = await fundedUser(app, 5_000_00);
    // This round has none yet.
    expect((await bet(app, p.token, { plan_id: room, play_type: '1', money: '400' })).code).toBe(1);
    await freshRound();
    expect((await bet(app, p.token, { plan_id: room, play_type: '1', money: '400' })).msg).toBe(translate('en', 'err.round_exposure_cap', { max: '300.00' }));
    expect((await bet(app, p.token, { plan_id: room, play_type: '1', money: '250' })).code).toBe(1);
    expect(await monitor()).toMatchObject({ exposure_cap: '300.00', exposure_reserved: '250.00' });
    // The metric the alert reads: the fullest reservation ÷ the cap, 0 for a game without one.
    const metrics = await app.metrics.text();
    expect(metrics).toMatch(/^lucky28_round_exposure_cap_use_ratio\{game="7"\} 0\.8333/m);
    expect(metrics).toMatch(/^lucky28_round_exposure_cap_use_ratio\{game="1"\} 0$/m);
    // Absent, it stays; a negative or malformed cap is refused and changes nothing.
    expect((await callApi(app, api.admin.gameUpdate, { id: 7, enabled: true }, { token: admin })).code).toBe(1);
    for (const bad of ['-1', 'abc']) {
      const refused = await callApi(app, api.admin.gameUpdate, { id: 7, enabled: true, exposure_cap: bad }, { token: admin });
      expect([refused.code, refused.field]).toEqual([0, 'exposure_cap']);
    }
    await freshRound();
    expect((await callApi(app, api.admin.gameConfig, {}, { token: admin })).data.games.find((g) => g.id === 7)!.exposure_cap).toBe('300.00');
  });
});
