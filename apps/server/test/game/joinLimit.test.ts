/**
 * A room's entry limit (`join_limit`) is enforced by the server, not only by the
 * hall in the browser. A balance (money + score) below it is refused with the hall's own message
 * (`err.room_join_limit`, which the player app's hall shows too) and charges nothing.
 */
import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { translate, API_LANGS } from '@lucky28/shared';
import { callApi } from '../helpers.js';
import { balances, bet, checkLedgerInvariants, createGameApp, currentIssue, fund, fundedUser, roomOf } from './kit.js';

const { app } = await createGameApp();
const intermediate = await roomOf(app, 7, 1); // join_limit 1,000.00, minimum stake 10.00

describe('Lottery/playOrder and the room entry limit', () => {
  it('refuses a balance below join_limit with the hall message, in every language, charging nothing', async () => {
    const user = await fundedUser(app, 999_99);
    const issue = await currentIssue(app);
    for (const lang of API_LANGS) {
      const res = await callApi(
        app,
        api.lottery.playOrder,
        { issue, game_id: 7, plan_id: intermediate, play_type: '1', money: '10', lang },
        { token: user.token },
      );
      expect(res.code).toBe(0);
      expect(res.field).toBe('plan_id');
      expect(res.msg).toBe(translate(lang, 'err.room_join_limit'));
    }
    expect((await bet(app, user.token, { plan_id: intermediate, play_type: '1', money: '10' })).msg).toBe('Insufficient assets for this room, please deposit');
    expect(await balances(app, user.userId)).toEqual({ money: 999_99, score: 0 });
  });

  it('accepts a balance exactly at the limit, stored funds (score) included', async () => {
    const user = await fundedUser(app, 900_00);
    await fund(app, user.userId, 100_00, 'score');
    const res = await bet(app, user.token, { plan_id: intermediate, play_type: '1', money: '10' });
    expect(res.code).toBe(1);
    // The bet took the balance below the limit: the next one is refused.
    expect((await bet(app, user.token, { plan_id: intermediate, play_type: '2', money: '10' })).msg).toBe('Insufficient assets for this room, please deposit');
    expect(await balances(app, user.userId)).toEqual({ money: 890_00, score: 100_00 });
    await checkLedgerInvariants(app.db);
  });
});
