import { describe, expect, it } from 'vitest';
import { defaultPayType, withdrawStep, type WithdrawState } from './withdraw';

const ready: WithdrawState = { has_idcard: true, pay_list: [{ type: 0 }, null], isTrue: true, min_withdraw: '100.00', money: '500.00' };

describe('withdrawStep (in the order of docs/product.md#validation-rules)', () => {
  it('sends the user to complete their ID first, then a payout account, then a security code', () => {
    const none: WithdrawState = { has_idcard: false, pay_list: [], isTrue: false, min_withdraw: '100.00', money: '500.00' };
    expect(withdrawStep(none, '')).toEqual({ kind: 'redirect', to: '/baseinfo', message: 'err.withdraw_need_idcard' });
    expect(withdrawStep({ ...none, has_idcard: true }, '500')).toEqual({ kind: 'redirect', to: '/bankCardManage?type=0', message: 'err.withdraw_need_bank' });
    expect(withdrawStep({ ...none, has_idcard: true, pay_list: [null, null] }, '500').kind).toBe('redirect');
    expect(withdrawStep({ ...ready, isTrue: false }, '500')).toEqual({ kind: 'redirect', to: '/setSecurityCode?isTrue', message: 'err.security_code_not_set' });
  });

  it('then asks for an amount, a valid one, at least the minimum', () => {
    expect(withdrawStep(ready, '  ')).toEqual({ kind: 'notice', message: 'err.amount_required', field: 'money' });
    expect(withdrawStep(ready, '12a')).toEqual({ kind: 'notice', message: 'err.amount_invalid', field: 'money' });
    expect(withdrawStep(ready, '0')).toEqual({ kind: 'notice', message: 'err.amount_invalid', field: 'money' });
    expect(withdrawStep(ready, '99.99')).toEqual({ kind: 'notice', message: 'err.withdraw_min', params: { min: '100.00' }, field: 'money' });
  });

  it('refuses more than the withdrawable balance before the code popup (600 with 500 available)', () => {
    expect(withdrawStep(ready, '600')).toEqual({ kind: 'notice', message: 'err.withdraw_insufficient', field: 'money' });
    expect(withdrawStep(ready, '500.01').kind).toBe('notice');
    expect(withdrawStep(ready, '500')).toEqual({ kind: 'code', cents: 50_000 });
  });

  it('opens the code popup for a valid amount', () => {
    expect(withdrawStep(ready, '100')).toEqual({ kind: 'code', cents: 10_000 });
    expect(withdrawStep({ ...ready, pay_list: [null, { type: 1 }] }, '250.5')).toEqual({ kind: 'code', cents: 25_050 });
  });

  it('chooses the bank card by default, the wallet when only it is bound', () => {
    expect(defaultPayType([{ type: 0 }, { type: 1 }])).toBe(0);
    expect(defaultPayType([null, { type: 1 }])).toBe(1);
  });
});
