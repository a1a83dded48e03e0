import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@lucky28/shared/schemas';
import { balanceAfter, followOf, readChatInput, withoutChatBets, type FeedBet } from './chatBets';

const classes = [1, 3, 14].map((classId) => ({ classId, name: `c${classId}`, odds: 200, oddsSpecial: null, minStake: 1_000, maxStake: 500_000 }));

const betMessage = (orders: [number, string][], createtime = 7): ChatMessage => ({
  id: 1,
  plan_id: 1,
  kind: 'bet',
  system: null,
  removed: false,
  nickname: 'k***y',
  text: '',
  mine: false,
  createtime,
  bet: { game_id: 7, issue: 'i1', quantity: '0', orders: orders.map(([play_type, quantity], k) => ({ order_no: `o${k}`, play_type, quantity })) },
});
const feedBet = (play_type: number, quantity: string, patch: Partial<FeedBet> = {}): FeedBet => ({
  nickname: 'k***y',
  issue: 'i1',
  play_type,
  quantity,
  createtime: 7,
  ...patch,
});

describe('chat bets', () => {
  it('reads a slip against the room, and answers what it cannot place', () => {
    expect(readChatInput('大100 小双50', classes)).toEqual({
      kind: 'slip',
      lines: [
        { classId: 1, name: 'c1', odds: 200, stake: 10_000 },
        { classId: 14, name: 'c14', odds: 200, stake: 5_000 },
      ],
      total: 15_000,
    });
    expect(readChatInput('hello', classes)).toEqual({ kind: 'chat' });
    expect(readChatInput('查', classes)).toEqual({ kind: 'balance' });
    expect(readChatInput('小100', classes)).toMatchObject({ kind: 'private', text: { key: 'err.bet_class_invalid', api: true } });
    expect(readChatInput('大5', classes)).toMatchObject({ kind: 'private', text: { key: 'room.stakeOutOfRange' } });
    expect(balanceAfter('100.00', 15_000)).toBe('-50.00');
    expect(balanceAfter(null, 1)).toBeNull();
    expect(
      followOf(
        betMessage([
          [1, '20.00'],
          [3, '30.00'],
        ]).bet!,
      ),
    ).toEqual({ classIds: [1, 3], amount: '20' });
  });

  it('leaves out of the feed one entry per order a bet message shows, and nothing else', () => {
    const feed = [
      feedBet(1, '20.00'),
      feedBet(1, '20.00'),
      feedBet(3, '30.00'),
      feedBet(3, '30.00', { createtime: 8 }),
      feedBet(3, '30.00', { nickname: 'p***l' }),
    ];
    const left = withoutChatBets(feed, (b) => b, [
      betMessage([
        [1, '20.00'],
        [3, '30.00'],
      ]),
    ]);
    expect(left).toEqual([feedBet(1, '20.00'), feedBet(3, '30.00', { createtime: 8 }), feedBet(3, '30.00', { nickname: 'p***l' })]);
    expect(withoutChatBets(feed, (b) => b, [])).toEqual(feed);
  });
});
