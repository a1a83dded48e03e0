import { describe, expect, it } from 'vitest';
import { breakEndsAt, readLimitValue } from './protection.js';

describe('breakEndsAt', () => {
  const from = Date.UTC(2026, 0, 31, 12, 0);
  it('counts hours and days exactly', () => {
    expect(breakEndsAt(from, '24h') - from).toBe(24 * 3600_000);
    expect(breakEndsAt(from, '7d') - from).toBe(7 * 24 * 3600_000);
    expect(breakEndsAt(from, '30d') - from).toBe(30 * 24 * 3600_000);
  });
  it('counts months and years by the calendar', () => {
    expect(new Date(breakEndsAt(from, '1y')).toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(new Date(breakEndsAt(from, '5y')).toISOString()).toBe('2031-01-31T12:00:00.000Z');
    expect(breakEndsAt(from, '6m')).toBeGreaterThan(Date.UTC(2026, 6, 30));
  });
});

describe('readLimitValue', () => {
  it('takes 0 as a real money limit and never reads blank as "no limit"', () => {
    expect(readLimitValue('loss', '0')).toEqual({ value: 0 });
    expect(readLimitValue('deposit', '0.00')).toEqual({ value: 0 });
    expect(readLimitValue('stake', ' 12.5 ')).toEqual({ value: 1250 });
    for (const blank of [undefined, null, '', '   ']) expect(readLimitValue('stake', blank)).toEqual({ problem: 'err.limit_amount_required' });
    for (const bad of ['-5', '1.234', 'abc', '1e3']) expect(readLimitValue('loss', bad)).toEqual({ problem: 'err.limit_amount_invalid' });
    expect(readLimitValue('deposit', '1000000.01')).toEqual({ problem: 'err.amount_too_large' });
  });

  it('takes the session limit in whole minutes within its range, 0 included in the refusals', () => {
    expect(readLimitValue('session', '60')).toEqual({ value: 60 });
    for (const bad of ['0', '9', '1441', '1.5'])
      expect(readLimitValue('session', bad)).toMatchObject({ problem: 'err.limit_session_range', params: { min: 10, max: 1440 } });
  });
});
