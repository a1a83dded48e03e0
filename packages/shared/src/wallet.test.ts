import { describe, expect, it } from 'vitest';
import { imageProblem, MAX_REQUEST_CENTS, MAX_UPLOAD_BYTES, readAmount } from './wallet.js';

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
