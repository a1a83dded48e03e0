import { describe, expect, it } from 'vitest';
import { GameSnapshot, type FeedEntry } from '../../src/live/snapshot.js';

const entry = (orderId: number, playType: number): FeedEntry => ({
  orderId,
  userId: 7,
  nickname: 'd***',
  issue: '202612020001',
  playType,
  amount: 1000,
  after: 0,
  createdAt: 1_796_000_000_000,
});

describe("a room's feed and what the stream pushes of it", () => {
  it('pushes bets in the order the heart lists them, whatever order they were written in', () => {
    const snapshot = new GameSnapshot();
    // One submission of big and odd, handed over odd first.
    const pushed = snapshot.addBets(3, [entry(12, 3), entry(11, 1)]);
    expect(pushed.map((e) => e.orderId)).toEqual([11, 12]);
    expect(snapshot.feed(3).map((e) => e.orderId)).toEqual(pushed.map((e) => e.orderId));
    // Heard of again with a newer one: only the new one is pushed.
    expect(snapshot.addBets(3, [entry(13, 2), entry(12, 3)]).map((e) => e.orderId)).toEqual([13]);
  });
});
