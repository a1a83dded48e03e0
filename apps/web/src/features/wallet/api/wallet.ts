import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUpload, request } from '../../../lib/api';

/** `user/recharge`: the balance and the operator's deposit details (spec §3 "deposit info"). */
export interface RechargeInfo {
  money: string;
  score: string;
  balance: string;
  /** USDT TRC20 deposit address. */
  usdt: string;
  bankname: string;
  banknum: string;
  /** Account holder. */
  bankxm: string;
}

export const rechargeInfoQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'recharge'] as const, queryFn: () => apiPost<RechargeInfo>('/api/user/recharge'), staleTime: 0 });

export const useRechargeInfo = (enabled = true) => useQuery({ ...rechargeInfoQueryOptions(), enabled });

export type DepositChannel = 'usdt' | 'bank';

/** The screenshot (user/uploadRechargeScreenshot) then the request itself (user/depositRequest), pending review. */
export async function submitDeposit(input: { money: string; channel: DepositChannel; file: File; idempotencyKey: string }) {
  const uploaded = await apiUpload('/api/user/uploadRechargeScreenshot', input.file);
  return request<{ id: number; money: string; channel: DepositChannel; status: number }>('/api/user/depositRequest', {
    data: { money: input.money, channel: input.channel, screenshot: uploaded.url },
    idempotencyKey: input.idempotencyKey,
  });
}

export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDeposit,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

/** A bound payout account as withdrawInfo answers it (masked by the server). */
export interface PayoutAccount {
  type: 0 | 1;
  acc: string;
  acc_name: string;
  acc_bank: string;
  mark: string;
}

/** `user/withdrawInfo`: pay_list[0] bank card, pay_list[1] wallet (null when not bound; empty when neither). */
export interface WithdrawInfo {
  money: string;
  score: string;
  pay_list: (PayoutAccount | null)[];
  isTrue: boolean;
  has_idcard: boolean;
  min_withdraw: string;
}

export const withdrawInfoQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'withdrawInfo'] as const, queryFn: () => apiPost<WithdrawInfo>('/api/user/withdrawInfo'), staleTime: 0 });

export const useWithdrawInfo = (enabled = true) => useQuery({ ...withdrawInfoQueryOptions(), enabled });

export const withdrawAction = (input: { type: 0 | 1; money: string; securityCode: string; idempotencyKey: string }) =>
  request<{ id: number; money: string; status: number; over: string }>('/api/user/withdrawAction', {
    data: { type: input.type, money: input.money, securityCode: input.securityCode },
    idempotencyKey: input.idempotencyKey,
  });

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
    },
  });
}

/** A fund ledger entry (spec §3): amounts are signed decimal strings, createtime Unix seconds. */
export interface LedgerEntry {
  id: number;
  createtime: number;
  /** 0 recharge, 1 withdraw, 2 purchase, 3 profit, 4 gift. */
  type: number;
  /** Region (game) code for bets and payouts, 0 otherwise. */
  gorct: number;
  /** 0 pending, 1 passed, 2 rejected. */
  status: number;
  quantity: string;
  over: string;
  wallet: 'money' | 'score';
  /** False while a deposit awaits review: not in the balance yet. */
  applied: boolean;
  memo: string;
}

export interface LedgerFilter {
  /** "YYYY-MM-DD"; empty = today (spec §5). */
  begin: string;
  end: string;
  /** undefined = all types. */
  type?: number;
}

/** `user/quantityLogList` for a date range and optional type. */
export function useLedger(filter: LedgerFilter) {
  return useQuery({
    queryKey: ['wallet', 'ledger', filter.begin, filter.end, filter.type ?? 'all'] as const,
    queryFn: ({ signal }) =>
      apiPost<LedgerEntry[]>(
        '/api/user/quantityLogList',
        { begin_date: filter.begin, end_date: filter.end, ...(filter.type === undefined ? {} : { type: filter.type }) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
