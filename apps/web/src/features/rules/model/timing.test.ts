import { describe, expect, it } from 'vitest';
import { splitDuration } from './timing';

describe('timing', () => {
  it('splits seconds into minutes and seconds', () => {
    expect(splitDuration(210)).toEqual({ min: 3, sec: 30 });
    expect(splitDuration(30)).toEqual({ min: 0, sec: 30 });
  });
});
