import { describe, expect, it } from 'vitest';
import { zonedTime } from './zonedTime';

describe('zonedTime', () => {
  it("formats in the operator's zone", () => {
    const unix = Date.UTC(2026, 10, 24, 16, 0) / 1000; // 2026-11-25 00:00 in Shanghai
    expect(zonedTime(unix, 'Asia/Shanghai')).toBe('2026-11-25 00:00');
    expect(zonedTime(unix, 'UTC')).toBe('2026-11-24 16:00');
  });
  it('falls back to the device zone for an unknown zone', () => {
    expect(zonedTime(0, 'Not/AZone')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});
