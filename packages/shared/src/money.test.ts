import { describe, expect, it } from 'vitest';
import { formatMoney, parseExactMoney, parseMoney } from './money.js';

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

  it('reads an operator amount exactly as written: no trimming, no sign, no exponent, no third place', () => {
    expect(parseExactMoney('5')).toBe(500);
    expect(parseExactMoney('0.5')).toBe(50);
    expect(parseExactMoney(12.5)).toBe(1250);
    for (const bad of [' 5', '5 ', '-50', '-5', '+5', '1.234', '1e3', 'abc', '', '5.', '.5', -50, Number.POSITIVE_INFINITY]) {
      expect(parseExactMoney(bad), String(bad)).toBeNull();
    }
  });
});
