import { parseMoney } from '@lucky28/shared/money';
import type { WithdrawInfo } from '@lucky28/shared/schemas';
import { MIN_WITHDRAW_CENTS, readAmount } from '@lucky28/shared/wallet';

/**
 * What the checks read of withdrawInfo's answer (the "withdraw info" of docs/product.md#entities-and-their-fields); `money` is the withdrawable
 * balance. Of the bound accounts only which slots are filled matters.
 */
export type WithdrawState = Pick<WithdrawInfo, 'has_idcard' | 'isTrue' | 'min_withdraw' | 'money'> & { pay_list: readonly unknown[] };

export type WithdrawStep =
  | { kind: 'redirect'; to: string; message: string }
  | { kind: 'notice'; message: string; params?: Record<string, string>; field?: 'money' }
  | { kind: 'code'; cents: number };

/**
 * The withdraw submit checks of docs/product.md#validation-rules, in order, stopping at the first:
 * 1. no ID information → /baseinfo; 2. no payout account → /bankCardManage?type=0;
 * 3. no security code → /setSecurityCode?isTrue; 4. the amount field (shared `readAmount`: empty, malformed,
 * too large); 5. under the minimum the server reports (`min_withdraw`); 6. more than the withdrawable
 * balance (refused here, before a security code is typed for nothing).
 * Otherwise the 6-digit code popup opens. Messages are keys of the API catalogue (the server answers
 * the same ones when it checks again).
 */
export function withdrawStep(state: WithdrawState, amount: string): WithdrawStep {
  if (!state.has_idcard) return { kind: 'redirect', to: '/baseinfo', message: 'err.withdraw_need_idcard' };
  if (!state.pay_list.some(Boolean)) return { kind: 'redirect', to: '/bankCardManage?type=0', message: 'err.withdraw_need_bank' };
  if (!state.isTrue) return { kind: 'redirect', to: '/setSecurityCode?isTrue', message: 'err.security_code_not_set' };
  const read = readAmount(amount);
  if ('problem' in read) return { kind: 'notice', message: read.problem, field: 'money' };
  const { cents } = read;
  const min = parseMoney(state.min_withdraw) ?? MIN_WITHDRAW_CENTS;
  if (cents < min) return { kind: 'notice', message: 'err.withdraw_min', params: { min: state.min_withdraw }, field: 'money' };
  const available = parseMoney(state.money);
  if (available !== null && cents > available) return { kind: 'notice', message: 'err.withdraw_insufficient', field: 'money' };
  return { kind: 'code', cents };
}

/** The account chosen by default: the bank card when bound, else the wallet. */
export const defaultPayType = (payList: readonly unknown[]): 0 | 1 => (payList[0] ? 0 : 1);
