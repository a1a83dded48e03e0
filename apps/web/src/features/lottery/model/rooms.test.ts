import { describe, expect, it } from 'vitest';
import { canEnter, groupByTier, roomName } from './rooms';
import type { LotteryPlan } from '../../../lib/api/lottery';

const plan = (id: number, type: number, join_limit = '0.00'): LotteryPlan => ({
  id,
  game_id: 7,
  type,
  title: `r${id}`,
  min_limit: '10.00',
  join_limit,
  robot_num: 0,
});

describe('groupByTier', () => {
  it('groups rooms by type in tier order', () => {
    const groups = groupByTier([plan(1, 2), plan(2, 0), plan(3, 2), plan(4, 1)]);
    expect(groups.map((g) => g.type)).toEqual([0, 1, 2]);
    expect(groups[2]!.plans.map((p) => p.id)).toEqual([1, 3]);
  });
});

describe('canEnter', () => {
  it('refuses a balance below the join limit and allows at or above it', () => {
    expect(canEnter('99.99', plan(1, 0, '100.00'))).toBe(false);
    expect(canEnter('100.00', plan(1, 0, '100.00'))).toBe(true);
    expect(canEnter('0.00', plan(1, 0, '0.00'))).toBe(true);
  });
  it('does not refuse while the balance is unknown', () => {
    expect(canEnter(null, plan(1, 0, '100.00'))).toBe(true);
  });
});

describe('roomName', () => {
  it("is the server's title (already in the player's language), or the tier's name when empty", () => {
    expect(roomName({ title: '初級房' }, '初級房')).toBe('初級房');
    expect(roomName({ title: ' ' }, '中級房')).toBe('中級房');
    expect(roomName({ title: 'VIP Lounge' }, '中級房')).toBe('VIP Lounge');
  });
});
