import { describe, expect, it } from 'vitest';
import { openResultParts, outcomeOf } from './order';

describe('outcomeOf', () => {
  it('is pending until settled, then win or lose by whether_hit', () => {
    expect(outcomeOf({ status: 0, whether_hit: null })).toBe('pending');
    expect(outcomeOf({ status: 1, whether_hit: 1 })).toBe('win');
    expect(outcomeOf({ status: 1, whether_hit: 0 })).toBe('lose');
  });
});

describe('openResultParts', () => {
  it('splits on whitespace into three numbers and the total', () => {
    expect(openResultParts('3 5 7 15')).toEqual(['3', '5', '7', '15']);
    expect(openResultParts('  0  0 0\t0 ')).toEqual(['0', '0', '0', '0']);
  });
  it('is null while not drawn or malformed', () => {
    expect(openResultParts('')).toBeNull();
    expect(openResultParts(null)).toBeNull();
    expect(openResultParts('3+5+7=15')).toBeNull();
  });
});
