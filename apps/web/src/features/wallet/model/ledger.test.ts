import { describe, expect, it } from 'vitest';
import { gameKeyOf, isRefund, statusKeyOf } from './ledger';

describe('ledger labels', () => {
  it('shows a review status only on deposits and withdrawals', () => {
    expect(statusKeyOf({ type: 0, status: 0 })).toBe('pending');
    expect(statusKeyOf({ type: 0, status: 1 })).toBe('passed');
    expect(statusKeyOf({ type: 1, status: 2 })).toBe('rejected');
    expect(statusKeyOf({ type: 2, status: 1 })).toBeNull();
    expect(statusKeyOf({ type: 4, status: 1 })).toBeNull();
  });

  it('names the game of a region code and spots refunds', () => {
    expect(gameKeyOf(7)).toBe('us');
    expect(gameKeyOf(1)).toBe('ca');
    expect(gameKeyOf(0)).toBeUndefined();
    expect(isRefund({ type: 1, quantity: '200.00' })).toBe(true);
    expect(isRefund({ type: 1, quantity: '-200.00' })).toBe(false);
  });
});
