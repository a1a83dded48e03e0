import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.js';

describe('money', () => {
  it('formats cents as a two-place decimal string', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(1000000)).toBe('10000.00');
    expect(formatMoney(-1234)).toBe('-12.34');
  });

  it('parses user amounts exactly and refuses anything ambiguous', () => {
    expect(parseMoney('100')).toBe(10000);
    expect(parseMoney('100.5')).toBe(10050);
    expect(parseMoney(' 0.01 ')).toBe(1);
    expect(parseMoney(19.99)).toBe(1999);
    expect(parseMoney('1e3')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
  });
});
