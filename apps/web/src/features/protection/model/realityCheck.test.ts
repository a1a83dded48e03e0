import { describe, expect, it } from 'vitest';
import { checksDue, nextCheckAt, playedTime } from './realityCheck';

describe('reality check timing', () => {
  const start = Date.UTC(2026, 0, 1, 10, 0);
  it('counts whole intervals since the session began', () => {
    expect(checksDue(start, 15, start)).toBe(0);
    expect(checksDue(start, 15, start + 14 * 60_000)).toBe(0);
    expect(checksDue(start, 15, start + 15 * 60_000)).toBe(1);
    expect(checksDue(start, 60, start + 179 * 60_000)).toBe(2);
  });
  it('puts the next check one interval after the last answered one', () => {
    expect(nextCheckAt(start, 30, 0)).toBe(start + 30 * 60_000);
    expect(nextCheckAt(start, 30, 2)).toBe(start + 90 * 60_000);
  });
  it('tells hours and minutes played', () => {
    expect(playedTime(start, start + 75 * 60_000)).toEqual({ hours: 1, minutes: 15 });
    expect(playedTime(start, start - 1)).toEqual({ hours: 0, minutes: 0 });
  });
});
