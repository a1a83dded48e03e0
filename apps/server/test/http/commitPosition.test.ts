/**
 * The commit position a player's write leaves for read-your-writes (docs/operations.md, "Reads from
 * replicas") is recorded after the answer is decided, and never changes it: seen in the failover bench,
 * a bet refused with 503 while the primary was away came back as a bare 500 `{}` because recording the
 * position failed too.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api } from '@lucky28/shared/api';
import { callApi } from '../helpers.js';
import { createGameApp, currentIssue, fundedUser, roomOf } from '../game/kit.js';

const connectionRefused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('recording the commit position with a read pool', async () => {
  const { app } = await createGameApp();
  afterAll(() => app.close());
  // As with DATABASE_READ_URL set; the database that records the position is made to fail.
  Object.defineProperty(app.replicaReads, 'hasReplica', { get: () => true });
  const recordCommit = vi.spyOn(app.sessions, 'recordCommit').mockRejectedValue(connectionRefused());

  it('a bet refused because the database is away stays 503 with Retry-After in the envelope, and records nothing', async () => {
    const player = await fundedUser(app, 100_00);
    const placeBets = vi.spyOn(app.game, 'placeBets').mockRejectedValueOnce(connectionRefused());
    const res = await app.inject({
      method: api.lottery.playOrder.method,
      url: api.lottery.playOrder.path,
      headers: { token: player.token, 'idempotency-key': 'commit-position-refused' },
      payload: { plan_id: await roomOf(app), issue: await currentIssue(app, 7), play_type: '1', money: '10', lang: 'en' },
    });
    placeBets.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ code: 0, data: null, msg: expect.stringMatching(/unavailable/i) });
    expect(recordCommit).not.toHaveBeenCalled();
  });

  it('a bet that committed is answered as placed even when its position cannot be recorded', async () => {
    const player = await fundedUser(app, 100_00);
    const answer = await callApi(
      app,
      api.lottery.playOrder,
      { plan_id: await roomOf(app), issue: await currentIssue(app, 7), play_type: '1', money: '10', lang: 'en' },
      { token: player.token, idempotencyKey: 'commit-position-placed' },
    );
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(1);
    expect(recordCommit).toHaveBeenCalledWith(player.userId);
    const orders = await callApi(app, api.user.orderList, {}, { token: player.token });
    expect(orders.data).toHaveLength(1);
  });
});
