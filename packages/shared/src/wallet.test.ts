import { describe, expect, it } from 'vitest';
import {
  convertCents,
  depositRangeProblem,
  formatRate,
  imageProblem,
  isCurrencyCode,
  MAX_RATE,
  MAX_REQUEST_CENTS,
  MAX_UPLOAD_BYTES,
  parseRate,
  readAmount,
} from './wallet.js';

describe('the money-amount field', () => {
  it('reads positive amounts with up to two decimals into cents', () => {
    expect(readAmount('100')).toEqual({ cents: 10_000 });
    expect(readAmount(' 100.5 ')).toEqual({ cents: 10_050 });
    expect(readAmount(0.01)).toEqual({ cents: 1 });
    expect(readAmount('1000000')).toEqual({ cents: MAX_REQUEST_CENTS });
  });

  it('names the first problem', () => {
    for (const empty of ['', '   ', undefined, null]) expect(readAmount(empty)).toEqual({ problem: 'err.amount_required' });
    for (const bad of ['0', '0.00', '-5', '1.234', '1e3', 'abc', '１００']) expect(readAmount(bad), bad).toEqual({ problem: 'err.amount_invalid' });
    expect(readAmount('1000000.01')).toEqual({ problem: 'err.amount_too_large' });
  });
});

describe('picture checks', () => {
  it('wants a PNG, JPEG, WebP or GIF of at most 5 MB', () => {
    expect(imageProblem(null)).toBe('err.image_required');
    expect(imageProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 1 })).toBeNull();
    expect(imageProblem({ type: 'application/pdf', size: 1 })).toBe('err.image_type');
    expect(imageProblem({ type: 'image/svg+xml', size: 1 })).toBe('err.image_type');
    expect(imageProblem({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe('err.image_too_large');
  });
});

describe('deposit rates and range', () => {
  it('reads a rate exactly as written, in millionths, and refuses anything else', () => {
    expect(parseRate('0.14')).toBe(140_000);
    expect(parseRate('7')).toBe(7_000_000);
    expect(parseRate('7.123456')).toBe(7_123_456);
    expect(parseRate('1000000')).toBe(MAX_RATE);
    for (const bad of ['0', '0.000000', '0.1234567', '-1', '1e2', ' 1', '1,5', '', '1000000.000001', null, undefined])
      expect(parseRate(bad), String(bad)).toBeNull();
  });
  it('shows a rate with two to six decimals', () => {
    expect([140_000, 1_000_000, 7_123_456, 3_500_000_000, 5].map(formatRate)).toEqual(['0.14', '1.00', '7.123456', '3500.00', '0.000005']);
  });
  it('converts u into another currency, rounding half up, exactly even past 2^53', () => {
    expect(convertCents(10_000, 140_000)).toBe(1_400);
    expect(convertCents(1, 500_000)).toBe(1);
    expect(convertCents(1, 499_999)).toBe(0);
    expect(convertCents(MAX_REQUEST_CENTS, MAX_RATE)).toBe(100_000_000_000_000);
  });
  it('names the limit a deposit is outside of', () => {
    expect(depositRangeProblem(999, { min: 1_000, max: 5_000 })).toBe('err.deposit_below_min');
    expect(depositRangeProblem(5_001, { min: 1_000, max: 5_000 })).toBe('err.deposit_above_max');
    expect(depositRangeProblem(1_000, { min: 1_000, max: 5_000 })).toBeNull();
    expect(isCurrencyCode('CNY')).toBe(true);
    expect(['cny', 'CN', 'CNYX', '¥'].some(isCurrencyCode)).toBe(false);
  });
});
