import { describe, expect, it } from 'vitest';
import { breakEndsAt } from './protection.js';

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
