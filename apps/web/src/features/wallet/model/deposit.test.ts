import { describe, expect, it } from 'vitest';
import { depositField, depositProblem } from './deposit';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

describe('depositProblem', () => {
  it('checks the amount first, then the picture: present, an image, at most 5 MB', () => {
    expect(depositProblem('', null)).toBe('err.amount_required');
    expect(depositProblem('1.234', null)).toBe('err.amount_invalid');
    expect(depositProblem('-3', null)).toBe('err.amount_invalid');
    expect(depositProblem('100', null)).toBe('err.image_required');
    expect(depositProblem('100', file('text/plain', 10))).toBe('err.image_type');
    expect(depositProblem('100', file('image/png', 5 * 1024 * 1024 + 1))).toBe('err.image_too_large');
    expect(depositProblem('100', file('image/png', 5 * 1024 * 1024))).toBeNull();
  });

  it('marks the amount for amount problems, the screenshot for picture problems', () => {
    expect(depositField('err.amount_invalid')).toBe('money');
    expect(depositField('err.image_type')).toBe('screenshot');
  });
});
