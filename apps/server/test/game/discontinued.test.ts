/** "Product discontinued" (docs/product.md#error-handling): a room, or the game of a room, that the operator switched off. */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { callApi, gameHeart } from '../helpers.js';
import { operatorWithRole } from '../wallet/fixtures.js';
import { bet, createGameApp, fundedUser, roomOf, ROUND_MS } from './kit.js';

const { app, clock } = await createGameApp();
const admin = await operatorWithRole(app, 'admin');

async function switchRoom(plan: number, enabled: boolean) {
  const config = (await callApi(app, api.admin.gameConfig, {}, { token: admin })).data;
  const room = config.games.flatMap((g: any) => g.rooms).find((r: any) => r.id === plan);
  const edit = {
    id: plan,
    title: { zh: '房', tw: '房', en: 'Room', vi: 'Phòng' },
    min_limit: room.min_limit,
    join_limit: room.join_limit,
    enabled,
    odds: room.odds
      .filter((o: any) => o.enabled)
      .map((o: any) => ({ class: o.class, odds: o.odds, odds_special: o.odds_special, min: o.min, max: o.max, enabled: true })),
  };
  expect((await callApi(app, api.admin.roomUpdate, edit, { token: admin })).code).toBe(1);
  nextRound();
}

/** An operator's change applies from the next round (the scheduler applies it at the round's start). */
function nextRound() {
  clock.advance(ROUND_MS);
  app.game.applyDueConfig();
}

describe('product discontinued', () => {
  it('a room switched off answers "product discontinued" in every language, to its heart, odds and bets; an unknown room is still "not found"', async () => {
    const plan = await roomOf(app, 5, 1);
    const player = await fundedUser(app, 100_000);
    await switchRoom(plan, false);
    const texts = { en: 'Product discontinued', zh: '产品已下架', tw: '產品已下架', vi: 'Sản phẩm đã ngừng cung cấp' };
    for (const [lang, text] of Object.entries(texts)) {
      const heart = await callApi(app, api.lottery.heart, { game_id: 5, plan_id: plan }, { lang, token: player.token });
      expect([heart.code, heart.msg, heart.field]).toEqual([0, text, 'plan_id']);
      expect((await callApi(app, api.lottery.oddsList, { plan_id: plan }, { lang })).msg).toBe(text);
    }
    // A guest's poll (no session) is refused the same way.
    expect((await callApi(app, api.lottery.heart, { game_id: 5, plan_id: plan })).msg).toBe('Product discontinued');
    const refused = await bet(app, player.token, { plan_id: plan, game_id: 5, play_type: '1', money: '10' });
    expect(refused.msg).toBe('Product discontinued');
    expect((await callApi(app, api.lottery.heart, { game_id: 5, plan_id: 99999 })).msg).toBe('Room not found');
    // Switched on again, the room is back.
    await switchRoom(plan, true);
    expect((await callApi(app, api.lottery.heart, { game_id: 5, plan_id: plan })).code).toBe(1);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 5, play_type: '1', money: '10' })).code).toBe(1);
  });

  it("a game switched off: its rooms answer 'product discontinued' to heart, odds and bets, its home card still shows it closed", async () => {
    const plan = await roomOf(app, 1, 0);
    const player = await fundedUser(app, 100_000);
    expect((await callApi(app, api.admin.gameUpdate, { id: 1, enabled: false }, { token: admin })).code).toBe(1);
    nextRound();
    expect((await callApi(app, api.lottery.heart, { game_id: 1, plan_id: plan }, { token: player.token })).msg).toBe('Product discontinued');
    const odds = await callApi(app, api.lottery.oddsList, { plan_id: plan }, { lang: 'vi' });
    expect([odds.code, odds.msg, odds.field]).toEqual([0, 'Sản phẩm đã ngừng cung cấp', 'plan_id']);
    expect((await bet(app, player.token, { plan_id: plan, game_id: 1, play_type: '2', money: '10' })).msg).toBe('Product discontinued');
    const card = await callApi(app, api.lottery.heart, { game_id: 1 });
    expect(card.code).toBe(1);
    expect(gameHeart(card.data).game_status).toBe(0);
    expect((await callApi(app, api.admin.gameUpdate, { id: 1, enabled: true }, { token: admin })).code).toBe(1);
    nextRound();
    expect((await callApi(app, api.lottery.heart, { game_id: 1, plan_id: plan })).code).toBe(1);
    expect((await callApi(app, api.lottery.oddsList, { plan_id: plan })).code).toBe(1);
  });
});
