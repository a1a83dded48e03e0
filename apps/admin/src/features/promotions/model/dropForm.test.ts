import { describe, expect, it } from 'vitest';
import { blankDrop, checkDrop, closesAt, refusedDropField, type DropValues } from './dropForm';

const NOW = 1_790_000_000;
const filled = (over: Partial<DropValues> = {}): DropValues => ({ ...blankDrop(), plan_id: 3, total: '10', shares: '5', ...over });
const fieldsOf = (v: DropValues) => {
  const c = checkDrop(v, NOW);
  return c.ok ? [] : c.errors.map((e) => [e.name, e.key]);
};

describe("a red packet's drop form", () => {
  it('sends a cash packet for every member, opening now: no multiple, no threshold, no start', () => {
    expect(checkDrop(filled({ wager_multiple: '7', min_at_risk: '5', at_risk_days: '3' }), NOW)).toEqual({
      ok: true,
      body: { plan_id: 3, total: '10', shares: 5, wallet: 'cash', window_minutes: 10, greeting: '' },
    });
  });

  it('reads the window in its unit and a start in the operator zone (UTC here)', () => {
    const v = filled({ window: '3', window_unit: 'days', opens: 'at', opens_at: '2026-09-22T08:00' });
    const c = checkDrop(v, NOW);
    expect(c.ok && c.body).toMatchObject({ window_minutes: 3 * 24 * 60, opens_at: Date.UTC(2026, 8, 22, 8) / 1000 });
    expect(closesAt(v, NOW)).toBe(Date.UTC(2026, 8, 25, 8) / 1000);
  });

  it('refuses each wrong field with the server message key, under the field the form shows it in', () => {
    expect(fieldsOf(filled({ shares: '1e3', window: '8', window_unit: 'days' }))).toEqual([
      ['shares', 'err.red_packet_shares_invalid'],
      ['window', 'err.red_packet_window_invalid'],
    ]);
    expect(fieldsOf(filled({ total: '0.04' }))).toEqual([['total', 'err.red_packet_total_too_small']]);
    expect(fieldsOf(filled({ qualify: 'at_risk', min_at_risk: '0', at_risk_days: '' }))).toEqual([
      ['min_at_risk', 'err.red_packet_qualify_invalid'],
      ['at_risk_days', 'err.red_packet_qualify_invalid'],
    ]);
    expect(fieldsOf(filled({ wallet: 'bonus', wager_multiple: '51' }))).toEqual([['wager_multiple', 'err.red_packet_wager_invalid']]);
    // A start in the past, beyond 30 days, or none picked.
    for (const opens_at of ['2026-09-21T13:00', '2026-10-30T00:00', ''])
      expect(fieldsOf(filled({ opens: 'at', opens_at })), opens_at).toEqual([['opens_at', 'err.red_packet_window_invalid']]);
    expect(fieldsOf(filled({ plan_id: undefined }))).toEqual([['plan_id', 'packets.form.roomRequired']]);
  });

  it('puts a server refusal under the field it names, or the choice hiding it', () => {
    expect(refusedDropField('total', filled())).toBe('total');
    expect(refusedDropField('window_minutes', filled())).toBe('window');
    expect(refusedDropField('wager_multiple', filled())).toBe('wallet');
    expect(refusedDropField('wager_multiple', filled({ wallet: 'bonus' }))).toBe('wager_multiple');
    expect(refusedDropField('at_risk_days', filled())).toBe('qualify');
    expect(refusedDropField('opens_at', filled({ opens: 'at' }))).toBe('opens_at');
    expect(refusedDropField('lang', filled())).toBeUndefined();
  });
});
