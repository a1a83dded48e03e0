import { describe, expect, it } from 'vitest';
import { depositField, depositProblem, transferAmount } from './deposit';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
const ANY = { min: '0.01', max: '1000000.00' };

describe('depositProblem', () => {
  it('checks the amount first, then the picture: present, an image, at most 5 MB', () => {
    expect(depositProblem('', null, ANY)).toBe('err.amount_required');
    expect(depositProblem('1.234', null, ANY)).toBe('err.amount_invalid');
    expect(depositProblem('-3', null, ANY)).toBe('err.amount_invalid');
    expect(depositProblem('100', null, ANY)).toBe('err.image_required');
    expect(depositProblem('100', file('text/plain', 10), ANY)).toBe('err.image_type');
    expect(depositProblem('100', file('image/png', 5 * 1024 * 1024 + 1), ANY)).toBe('err.image_too_large');
    expect(depositProblem('100', file('image/png', 5 * 1024 * 1024), ANY)).toBeNull();
  });

  it("then the operator's range of one request, before the picture", () => {
    const limits = { min: '20.00', max: '5000.00' };
    expect(depositProblem('19.99', null, limits)).toBe('err.deposit_below_min');
    expect(depositProblem('5000.01', null, limits)).toBe('err.deposit_above_max');
    expect(depositProblem('20', null, limits)).toBe('err.image_required');
  });

  it('marks the amount for amount and range problems, the screenshot for picture problems', () => {
    expect(depositField('err.amount_invalid')).toBe('money');
    expect(depositField('err.deposit_below_min')).toBe('money');
    expect(depositField('err.image_type')).toBe('screenshot');
  });
});

describe('transferAmount', () => {
  it("is the typed amount at the operator's rate, once both are known", () => {
    expect(transferAmount('100', { rate: '0.14', currency: 'USDT' })).toEqual({ amount: '14.00', currency: 'USDT' });
    expect(transferAmount('250.5', { rate: '3500', currency: 'VND' })).toEqual({ amount: '876750.00', currency: 'VND' });
    expect(transferAmount('', { rate: '0.14', currency: 'USDT' })).toBeNull();
    expect(transferAmount('100', { rate: null, currency: null })).toBeNull();
  });
});
