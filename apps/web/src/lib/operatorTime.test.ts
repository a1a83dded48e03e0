import { describe, expect, it } from 'vitest';
import { dateInZone, formatInZone, pickerDate, fromPickerDate, presetOf, presetRange, shiftDate, zoneLabel } from './operatorTime';

// 2026-11-22 20:30 UTC: still the 22nd in New York, already the 23rd in Shanghai.
const AT = Date.UTC(2026, 10, 22, 20, 30);

describe('operator time', () => {
  it("reads the operator's calendar date, not the device's", () => {
    expect(dateInZone(AT, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(dateInZone(AT, 'America/New_York')).toBe('2026-11-22');
  });

  it('writes list times in the operator zone', () => {
    expect(formatInZone(AT / 1000, 'Asia/Shanghai')).toBe('2026-11-23 04:30:00');
    expect(formatInZone(AT / 1000, 'America/New_York', 'MM-DD HH:mm')).toBe('11-22 15:30');
    expect(zoneLabel('Asia/Shanghai', AT)).toBe('Asia/Shanghai (UTC+08:00)');
  });

  it('counts presets back from the operator today, across month ends', () => {
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(presetRange('today', '2026-11-23')).toEqual({ begin: '2026-11-23', end: '2026-11-23' });
    expect(presetRange('yesterday', '2026-12-01')).toEqual({ begin: '2026-11-30', end: '2026-11-30' });
    expect(presetRange('week', '2026-11-23')).toEqual({ begin: '2026-11-17', end: '2026-11-23' });
    expect(presetRange('month', '2026-11-23')).toEqual({ begin: '2026-10-25', end: '2026-11-23' });
  });

  it('names the preset a range is; an empty range is today', () => {
    expect(presetOf({ begin: '', end: '' }, '2026-11-23')).toBe('today');
    expect(presetOf({ begin: '2026-11-17', end: '2026-11-23' }, '2026-11-23')).toBe('week');
    expect(presetOf({ begin: '2026-11-01', end: '2026-11-23' }, '2026-11-23')).toBeNull();
  });

  it('hands the date picker the same calendar date and reads it back', () => {
    expect(fromPickerDate(pickerDate('2026-11-23'))).toBe('2026-11-23');
    expect(pickerDate('2026-11-23').getDate()).toBe(23);
  });
});
