import { describe, expect, it } from 'vitest';
import { isWithinHours, issueSeqWidth, nextRoundAfter, roundAt, type RoundSettings } from '../../src/domain/game/roundClock.js';
import { zonedTimeToUtc } from '../../src/domain/time.js';

const TZ = 'Asia/Shanghai';
const S: RoundSettings = { roundSeconds: 210, closeBeforeSeconds: 30, timeZone: TZ };
const at = (h: number, m: number, s = 0, day = 1) => zonedTimeToUtc(2025, 6, day, TZ, h, m) + s * 1000;

describe('round clock (docs/design.md#games-and-rounds)', () => {
  it('aligns 210 s rounds to local midnight and numbers them YYYYMMDD + 3 digits', () => {
    const first = roundAt(at(0, 0), S);
    expect(first).toEqual({ issue: '20250601001', seq: 1, opensAt: at(0, 0), closesAt: at(0, 3), drawsAt: at(0, 3, 30) });
    expect(roundAt(at(0, 3, 29), S).issue).toBe('20250601001');
    expect(roundAt(at(0, 3, 30), S).issue).toBe('20250601002');
    // 10:00 is 36000 s after midnight: round 172 opened at 171 × 210 = 35910 s (09:58:30).
    const r = roundAt(at(10, 0), S);
    expect(r.issue).toBe('20250601172');
    expect(r.opensAt).toBe(at(9, 58, 30));
    expect(r.closesAt).toBe(at(10, 1, 30));
    expect(r.drawsAt).toBe(at(10, 2, 0));
  });

  it('uses the local date of the operator time zone, not UTC', () => {
    // 2025-06-01 00:00 Shanghai is 2025-05-31 16:00 UTC.
    expect(new Date(at(0, 0)).toISOString()).toBe('2025-05-31T16:00:00.000Z');
    expect(roundAt(at(0, 0), S).issue.slice(0, 8)).toBe('20250601');
    expect(roundAt(at(0, 0), { ...S, timeZone: 'UTC' }).issue.slice(0, 8)).toBe('20250531');
  });

  it('ends the day with a shorter round that draws at midnight, then starts again at 001', () => {
    // 86400 / 210 = 411.43: round 412 opens at 23:58:30 and draws at 00:00.
    const last = roundAt(at(23, 59), S);
    expect(last.issue).toBe('20250601412');
    expect(last.opensAt).toBe(at(23, 58, 30));
    expect(last.drawsAt).toBe(at(0, 0, 0, 2));
    expect(last.closesAt).toBe(at(23, 59, 30));
    const next = nextRoundAfter(last, S);
    expect(next.issue).toBe('20250602001');
    expect(next.opensAt).toBe(last.drawsAt);
  });

  it('makes consecutive rounds contiguous across a whole day', () => {
    let r = roundAt(at(0, 0), S);
    let count = 1;
    while (true) {
      const n = nextRoundAfter(r, S);
      expect(n.opensAt).toBe(r.drawsAt);
      expect(n.closesAt).toBeLessThanOrEqual(n.drawsAt);
      if (n.seq === 1) break;
      expect(n.seq).toBe(r.seq + 1);
      r = n;
      count++;
    }
    expect(count).toBe(412);
  });

  it('widens the sequence only when short demo rounds need it', () => {
    expect(issueSeqWidth(210)).toBe(3);
    expect(issueSeqWidth(60)).toBe(4);
    expect(roundAt(at(0, 1), { ...S, roundSeconds: 20, closeBeforeSeconds: 5 }).issue).toBe('202506010004');
  });

  it('never closes before the round opens, even with a long close_before', () => {
    const r = roundAt(at(1, 0), { ...S, roundSeconds: 20, closeBeforeSeconds: 60 });
    expect(r.closesAt).toBe(r.opensAt);
  });

  it('opening hours: default always open; windows may wrap past midnight', () => {
    const always = { openFrom: null, openTo: null };
    expect(isWithinHours(at(3, 0), always, TZ)).toBe(true);
    const day = { openFrom: '10:00', openTo: '22:30' };
    expect(isWithinHours(at(9, 59), day, TZ)).toBe(false);
    expect(isWithinHours(at(10, 0), day, TZ)).toBe(true);
    expect(isWithinHours(at(22, 29), day, TZ)).toBe(true);
    expect(isWithinHours(at(22, 30), day, TZ)).toBe(false);
    const night = { openFrom: '10:00', openTo: '02:00' };
    expect(isWithinHours(at(1, 59), night, TZ)).toBe(true);
    expect(isWithinHours(at(2, 0), night, TZ)).toBe(false);
    expect(isWithinHours(at(9, 0), night, TZ)).toBe(false);
    expect(isWithinHours(at(23, 0), night, TZ)).toBe(true);
  });
});
