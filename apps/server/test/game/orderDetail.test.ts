import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { roundAt } from '../../src/domain/game/roundClock.js';
import { callApi, rawCall } from '../helpers.js';
import { bet, createGameApp, currentIssue, fundedUser, roomOf } from './kit.js';

const { app, clock } = await createGameApp();
const plan = await roomOf(app, 7, 0);

const detail = (token: string | undefined, body: Record<string, unknown>, lang = 'en') => rawCall(app, api.user.orderDetail, body, { token, lang });

describe('user/orderDetail', () => {
  it("answers the caller's own order as the list has it, pending then settled", async () => {
    const alice = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    await bet(app, alice.token, { issue, plan_id: plan, play_type: '1', money: '10' });
    const [listed] = (await callApi(app, api.user.orderList, { issue }, { token: alice.token })).data;
    const pending = await detail(alice.token, { order_no: listed!.orderNo });
    expect(pending.code).toBe(1);
    expect(pending.data).toEqual(listed);
    expect(pending.data).toMatchObject({ status: 0, profit: null, whether_hit: null, lottery_code: '', quantity: '10.00', issue });

    clock.set(roundAt(clock.now(), app.game.settings).drawsAt);
    await app.game.scheduler.tick();
    const settled = await detail(alice.token, { order_no: listed!.orderNo });
    expect(settled.data.status).toBe(1);
    expect([0, 1]).toContain(settled.data.whether_hit);
    expect(settled.data.profit).toMatch(/^-?\d+\.\d{2}$/);
    expect(settled.data.lottery_code.split(/\s+/)).toHaveLength(4);
    expect(settled.data).toEqual((await callApi(app, api.user.orderList, { issue }, { token: alice.token })).data[0]);
    // In the caller's language.
    expect((await detail(alice.token, { order_no: listed!.orderNo }, 'zh')).data).toMatchObject({ name: '美国28', plan_name: '初级房' });
  });

  it("answers another player's order as not found, in the caller's language, and changes nothing", async () => {
    const alice = await fundedUser(app, 100_00);
    const mallory = await fundedUser(app, 100_00);
    const issue = await currentIssue(app);
    await bet(app, alice.token, { issue, plan_id: plan, play_type: '2', money: '10' });
    const [order] = (await callApi(app, api.user.orderList, { issue }, { token: alice.token })).data;
    const theirs = await detail(mallory.token, { order_no: order!.orderNo });
    expect(theirs).toMatchObject({ status: 200, code: 0, msg: 'Order not found' });
    expect(theirs.data ?? null).toBeNull();
    expect((await detail(mallory.token, { order_no: order!.orderNo }, 'zh')).msg).toBe('订单不存在');
    expect((await detail(mallory.token, { order_no: order!.orderNo }, 'tw')).msg).toBe('訂單不存在');
    expect((await detail(mallory.token, { order_no: order!.orderNo }, 'vi')).msg).toBe('Không tìm thấy đơn cược');
    // The owner still sees it.
    expect((await detail(alice.token, { order_no: order!.orderNo })).code).toBe(1);
  });

  it('refuses a bad order number with a localised message, never a 500; needs a session', async () => {
    const alice = await fundedUser(app, 100_00);
    for (const order_no of [undefined, '', '   ', 'x'.repeat(41), "1' or '1'='1", { a: 1 }, [1], 12345, '0000000000000000000000000000']) {
      const res = await detail(alice.token, { order_no });
      expect(res.status, JSON.stringify(order_no)).toBeLessThan(500);
      expect(res.code, JSON.stringify(order_no)).toBe(0);
      expect(res.msg, JSON.stringify(order_no)).toBe('Order not found');
    }
    expect((await detail(undefined, { order_no: '1' })).status).toBe(401);
  });
});
