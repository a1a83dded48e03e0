import { describe, expect, it } from 'vitest';
import { deadlineFrom, formatCountdown, secondsLeft, steadyDeadline } from '../../../lib/countdown';
import { roundPhase } from './clock';

describe('room clock', () => {
  it('counts down from the heartbeat seconds', () => {
    const d = deadlineFrom(12, 5_000);
    expect(secondsLeft(d, 5_000)).toBe(12);
    expect(formatCountdown(secondsLeft(d, 6_500))).toBe('00:11');
    expect(formatCountdown(secondsLeft(d, 17_000))).toBeNull();
  });
  it('keeps a steady deadline within the same round', () => {
    const a = { key: 'x', deadline: 1000 };
    expect(steadyDeadline(a, { key: 'x', deadline: 2000 })).toBe(a);
    expect(steadyDeadline(a, { key: 'y', deadline: 2000 }).key).toBe('y');
  });
  it('allows betting only while the game is open and the round not closed', () => {
    expect(roundPhase(1, false, 10, 20, 5)).toBe('open');
    expect(roundPhase(1, true, 10, 20, 5)).toBe('closed');
    expect(roundPhase(1, false, 10, 20, 10)).toBe('closed');
    expect(roundPhase(1, false, 10, 20, 20)).toBe('drawing');
    expect(roundPhase(0, false, 10, 20, 5)).toBe('stopped');
  });
});
