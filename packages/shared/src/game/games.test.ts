import { describe, expect, it } from 'vitest';
import { GAMES, gameCode } from './games.js';
import { isIssueNumber } from './issue.js';

describe('games', () => {
  it('gives each game its code, in home tab order', () => {
    expect(GAMES.map((g) => [g.id, g.code, g.tabIndex])).toEqual([
      [7, 'us', 0],
      [6, 'eu', 1],
      [5, 'kr', 2],
      [2, 'au', 3],
      [1, 'ca', 4],
    ]);
    expect(gameCode(5)).toBe('kr');
    expect(gameCode(3)).toBeUndefined();
  });
});

describe('issue numbers', () => {
  it('accepts 8 to 14 digits only', () => {
    expect(isIssueNumber('20260101001')).toBe(true);
    expect(isIssueNumber('20260101')).toBe(true);
    expect(isIssueNumber('20260101001234')).toBe(true);
    for (const bad of ['2026010', '202601010012345', '2026-01-01', ' 20260101001', '20260101001\n', '']) expect(isIssueNumber(bad), bad).toBe(false);
  });
});
