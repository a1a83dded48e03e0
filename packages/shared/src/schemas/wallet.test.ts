import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from './validate.js';
import { MAX_REQUEST_CENTS, MIN_WITHDRAW_CENTS, amountField, depositRequestSchema, ledgerListSchema, shimingSchema } from './wallet.js';
import { playOrderSchema, slipOf } from './lottery.js';

const amount = z.object({ money: amountField('err.amount_required') });
const parse = <S extends z.ZodType>(schema: S, input: unknown) => {
  const r = validate(schema, input);
  return r.ok ? r.value : `${r.error.field}: ${r.error.message}`;
};

describe('amountField', () => {
  it('reads an amount as typed into cents', () => {
    expect(parse(amount, { money: '100' })).toEqual({ money: 10_000 });
    expect(parse(amount, { money: '100.5' })).toEqual({ money: 10_050 });
    expect(parse(amount, { money: 100.25 })).toEqual({ money: 10_025 });
    expect(parse(amount, { money: ' 1000000 ' })).toEqual({ money: MAX_REQUEST_CENTS });
  });

  it('refuses a missing, malformed, zero, negative or too large amount with its message', () => {
    expect(parse(amount, {})).toBe('money: err.amount_required');
    expect(parse(amount, { money: '' })).toBe('money: err.amount_required');
    for (const money of ['12abc', '0', '-5', '1.234', '1e3', [100], { v: 1 }, '9'.repeat(30)]) {
      expect(parse(amount, { money }), JSON.stringify(money)).toBe('money: err.amount_invalid');
    }
    expect(parse(amount, { money: '1000000.01' })).toBe('money: err.amount_too_large');
  });

  it('keeps the wallet limits in one place', () => {
    expect(MIN_WITHDRAW_CENTS).toBe(10_000);
    expect(MAX_REQUEST_CENTS).toBe(100_000_000);
  });
});

describe('wallet and bet schemas', () => {
  it('check a deposit request field by field', () => {
    expect(parse(depositRequestSchema, { money: '50', channel: 'USDT', screenshot: '/api/common/file/x' })).toEqual({
      money: 5_000,
      channel: 'usdt',
      screenshot: '/api/common/file/x',
    });
    expect(parse(depositRequestSchema, { money: '50', channel: 'cash', screenshot: 'x' })).toBe('channel: err.deposit_channel_invalid');
    expect(parse(depositRequestSchema, { money: '50', channel: 'bank', screenshot: 'x'.repeat(301) })).toBe('screenshot: err.screenshot_invalid');
  });

  it('bound the real-name texts and refuse control characters', () => {
    const ok = { truename: '张三', idcard: '110101199003071233', idcard_zheng: 'a', idcard_fan: 'b' };
    expect(parse(shimingSchema, ok)).toEqual(ok);
    expect(parse(shimingSchema, { ...ok, truename: 'x'.repeat(41) })).toBe('truename: err.realname_name_invalid');
    expect(parse(shimingSchema, { ...ok, truename: 'a\u0000' })).toBe('truename: err.realname_name_invalid');
  });

  it('read the ledger filters in order: dates, type, page', () => {
    expect(parse(ledgerListSchema, { type: '2', page: '3' })).toEqual({ type: 2, page: 3 });
    expect(parse(ledgerListSchema, { begin_date: 'x', type: 99 })).toBe('begin_date: err.date_invalid');
    expect(parse(ledgerListSchema, { type: 99 })).toBe('type: err.ledger_type_invalid');
    expect(parse(ledgerListSchema, { type: 11 })).toEqual({ type: 11 });
    expect(parse(ledgerListSchema, { type: 10 })).toEqual({ type: 10 });
  });

  it('read a bet: room, classes (bounded, distinct), stake, round', () => {
    expect(parse(playOrderSchema, { plan_id: '3', play_type: '1,3', money: '10', issue: '20250601001' })).toEqual({
      plan_id: 3,
      play_type: [1, 3],
      money: 1_000,
      issue: '20250601001',
    });
    expect(parse(playOrderSchema, { plan_id: 3, play_type: '1,3,1', money: '10', issue: '1' })).toBe('play_type: err.bet_class_repeated');
    expect(parse(playOrderSchema, { plan_id: 3, play_type: '01', money: '10', issue: '1' })).toBe('play_type: err.bet_class_invalid');
    expect(parse(playOrderSchema, { plan_id: 3, play_type: '', money: '10', issue: '1' })).toBe('play_type: err.bet_select');
    expect(parse(playOrderSchema, { plan_id: 3, play_type: '1', money: '0', issue: '1' })).toBe('money: err.bet_amount_invalid');
    expect(parse(playOrderSchema, { plan_id: 3, play_type: '1', money: '10' })).toBe('issue: err.issue_not_current');
    const many = Array.from({ length: 100_000 }, (_, i) => i).join(',');
    expect(parse(playOrderSchema, { plan_id: 3, play_type: many, money: '10', issue: '1' })).toBe('play_type: err.bet_class_invalid');
  });

  it('read the list form of a bet: each class once with its own stake, never with the single-stake form', () => {
    const bets = [
      { play_type: 1, money: '100' },
      { play_type: '14', money: '5.5' },
    ];
    const read = parse(playOrderSchema, { plan_id: 3, bets, issue: '1', source: 'chat' });
    expect(read).toEqual({
      plan_id: 3,
      play_type: [],
      bets: [
        { play_type: 1, money: 100_00 },
        { play_type: 14, money: 5_50 },
      ],
      issue: '1',
      source: 'chat',
    });
    expect(slipOf(read as z.output<typeof playOrderSchema>)).toEqual([
      { playType: 1, amount: 100_00 },
      { playType: 14, amount: 5_50 },
    ]);
    expect(slipOf(playOrderSchema.parse({ plan_id: 3, play_type: '1,3', money: '2', issue: '1' }))).toEqual([
      { playType: 1, amount: 200 },
      { playType: 3, amount: 200 },
    ]);
    expect(parse(playOrderSchema, { plan_id: 3, bets: [bets[0], bets[0]], issue: '1' })).toBe('bets: err.bet_class_repeated');
    expect(parse(playOrderSchema, { plan_id: 3, bets, money: '10', issue: '1' })).toBe('bets: err.bet_forms_both');
    expect(parse(playOrderSchema, { plan_id: 3, bets: [], issue: '1' })).toBe('bets: err.bet_select');
    expect(parse(playOrderSchema, { plan_id: 3, bets: '1', issue: '1' })).toBe('bets: err.bet_class_invalid');
    expect(parse(playOrderSchema, { plan_id: 3, bets: [{ play_type: 1, money: '-1' }], issue: '1' })).toBe('bets: err.bet_amount_invalid');
    expect(parse(playOrderSchema, { plan_id: 3, bets: Array.from({ length: 100 }, (_, i) => ({ play_type: i, money: '1' })), issue: '1' })).toBe(
      'bets: err.bet_class_invalid',
    );
    expect(parse(playOrderSchema, { plan_id: 3, play_type: '1', issue: '1' })).toBe('money: err.bet_amount_invalid');
  });
});
