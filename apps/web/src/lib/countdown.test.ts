import { describe, expect, it } from 'vitest';
import { deadlineFrom, formatCountdown, secondsLeft, steadyDeadline } from './countdown';

describe('formatCountdown', () => {
  it('shows mm:ss while time is left', () => {
    expect(formatCountdown(210)).toBe('03:30');
    expect(formatCountdown(95)).toBe('01:35');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59.4)).toBe('00:59');
  });
  it('adds hours for long waits (a game outside its opening hours)', () => {
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
  it('is null (drawing) at or past the draw time and for nonsense', () => {
    expect(formatCountdown(0)).toBeNull();
    expect(formatCountdown(-3)).toBeNull();
    expect(formatCountdown(Number.NaN)).toBeNull();
  });
});

describe('deadline and seconds left', () => {
  it('anchors the server seconds to the local clock and counts down', () => {
    const deadline = deadlineFrom(30, 1_000_000);
    expect(secondsLeft(deadline, 1_000_000)).toBe(30);
    expect(secondsLeft(deadline, 1_000_001)).toBe(30);
    expect(secondsLeft(deadline, 1_001_000)).toBe(29);
    expect(secondsLeft(deadline, 1_030_000)).toBe(0);
    expect(secondsLeft(deadline, 1_040_000)).toBe(0);
  });
  it('treats negative seconds as already due', () => {
    expect(deadlineFrom(-5, 100)).toBe(100);
  });
});

describe('steadyDeadline', () => {
  it('ignores jitter within the same round and follows real changes', () => {
    const a = { key: '001', deadline: 10_000 };
    expect(steadyDeadline(a, { key: '001', deadline: 10_900 })).toBe(a);
    expect(steadyDeadline(a, { key: '001', deadline: 13_000 })).toEqual({ key: '001', deadline: 13_000 });
    expect(steadyDeadline(a, { key: '002', deadline: 10_200 })).toEqual({ key: '002', deadline: 10_200 });
    expect(steadyDeadline(null, a)).toBe(a);
  });
});
