import { describe, expect, it } from 'vitest';
import { measuredCloseBefore, measuredRoundSeconds, splitDuration } from './timing';

describe('timing', () => {
  it('measures the round length as the most frequent gap between draws', () => {
    expect(measuredRoundSeconds([1000, 790, 580, 370])).toBe(210);
    // A missing round (restart) does not change the answer.
    expect(measuredRoundSeconds([1000, 790, 370, 160])).toBe(210);
    expect(measuredRoundSeconds([1000])).toBeNull();
  });
  it('measures the close from the heartbeat', () => {
    expect(measuredCloseBefore({ openTime: 100, closeTime: 70, whether_close: false })).toBe(30);
    expect(measuredCloseBefore({ openTime: 10, closeTime: 0, whether_close: true })).toBeNull();
    expect(measuredCloseBefore(undefined)).toBeNull();
  });
  it('splits seconds into minutes and seconds', () => {
    expect(splitDuration(210)).toEqual({ min: 3, sec: 30 });
  });
});
