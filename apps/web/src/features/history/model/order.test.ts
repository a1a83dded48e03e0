import { describe, expect, it } from 'vitest';
import { openResultParts, outcomeOf, parseOrderItem } from './order';
import { settledWinningOrder } from './order.testdata';

const row = { ...settledWinningOrder, orderNo: 'B2025010100001' };

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

describe('parseOrderItem', () => {
  it('reads a row passed as JSON', () => {
    const parsed = parseOrderItem(JSON.stringify(row));
    expect(parsed).toEqual({ ok: true, order: row });
  });
  it('a missing item is a parameter error', () => {
    expect(parseOrderItem(null)).toEqual({ ok: false, error: 'betHistory.paramError' });
    expect(parseOrderItem('')).toEqual({ ok: false, error: 'betHistory.paramError' });
  });
  it('unparsable or incomplete JSON is a data format error', () => {
    expect(parseOrderItem('{oops')).toEqual({ ok: false, error: 'betHistory.formatError' });
    expect(parseOrderItem('[1,2]')).toEqual({ ok: false, error: 'betHistory.formatError' });
    expect(parseOrderItem(JSON.stringify({ ...row, orderNo: 5 }))).toEqual({ ok: false, error: 'betHistory.formatError' });
  });
  it('keeps a pending order without profit', () => {
    const parsed = parseOrderItem(JSON.stringify({ ...row, status: 0, profit: null, whether_hit: null, lottery_code: '' }));
    expect(parsed).toMatchObject({ ok: true, order: { status: 0, profit: null, whether_hit: null } });
  });
});
