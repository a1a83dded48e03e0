import { describe, expect, it } from 'vitest';
import { issueLabel, toCandles } from './candles';

describe('toCandles', () => {
  it('maps [open, close, low, high] to chart points in sequence', () => {
    const points = toCandles([
      { issue: '20250101001', cand: [7, 7, 7, 7], cand_code: 7 },
      { issue: '20250101002', cand: [7, 15, 7, 15], cand_code: 15 },
      { issue: '20250101003', cand: [7, 3, 3, 15], cand_code: 3 },
    ]);
    expect(points).toEqual([
      { time: 1, open: 7, high: 7, low: 7, close: 7, issue: '20250101001' },
      { time: 2, open: 7, high: 15, low: 7, close: 15, issue: '20250101002' },
      { time: 3, open: 7, high: 15, low: 3, close: 3, issue: '20250101003' },
    ]);
    expect(issueLabel(points, 2)).toBe('002');
    expect(issueLabel(points, 2, false)).toBe('20250101002');
    expect(issueLabel(points, 9)).toBe('');
  });
  it('skips malformed candles without breaking the sequence', () => {
    const points = toCandles([
      { issue: '1', cand: [1, 2], cand_code: 2 },
      { issue: '2', cand: [1, 2, 1, 2], cand_code: 2 },
    ]);
    expect(points).toHaveLength(1);
    expect(points[0]!.time).toBe(1);
  });
});
