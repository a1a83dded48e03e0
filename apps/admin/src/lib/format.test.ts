import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTime, fromZonedInputValue, operatorDay, setOperatorZone, today, zoneLabel, zonedInputValue } from './format';

describe("the console's dates are in the operator's zone", () => {
  afterEach(() => vi.useRealTimers());

  it("writes times and today's date in the operator's zone, whatever the browser's", () => {
    // 17:30 UTC on 26 November is 01:30 on 27 November in Shanghai: the operator's day has begun.
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 17, 30), toFake: ['Date'] });
    setOperatorZone('Asia/Shanghai');
    expect(today()).toBe('2026-11-27');
    expect(operatorDay(0).format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(operatorDay(29).format('YYYY-MM-DD')).toBe('2026-10-29');
    expect(dateTime(Date.UTC(2026, 10, 26, 22, 49) / 1000)).toBe('2026-11-27 06:49:00');
    expect(zoneLabel()).toBe('Asia/Shanghai (UTC+08:00)');
    setOperatorZone('America/New_York');
    expect(today()).toBe('2026-11-26');
    expect(dateTime(Date.UTC(2026, 10, 26, 22, 49) / 1000)).toBe('2026-11-26 17:49:00');
  });

  it("reads and writes a date-and-time picker's value in the operator's zone", () => {
    setOperatorZone('Asia/Shanghai');
    const at = Date.UTC(2026, 10, 30, 16, 0) / 1000;
    expect(zonedInputValue(at)).toBe('2026-12-01T00:00');
    expect(fromZonedInputValue('2026-12-01T00:00')).toBe(at);
    expect(fromZonedInputValue('')).toBeUndefined();
    expect(zonedInputValue(null)).toBe('');
    setOperatorZone('America/New_York');
    expect(fromZonedInputValue('2026-12-01T00:00')).toBe(Date.UTC(2026, 11, 1, 5, 0) / 1000);
  });
});
