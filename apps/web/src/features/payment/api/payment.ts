import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayAccount } from '@lucky28/shared/schemas';
import { apiPost, request } from '../../../lib/api';

export type PayType = 0 | 1;

/**
 * A bound account as the server presents it (spec §3, `PayAccount`): a bank card (type 0) has acc =
 * holder and acc_name = card number, both already masked by the server; a wallet (type 1) has acc =
 * address and acc_name = network.
 */
export type { PayAccount };

export const getPayInfo = (type: PayType) => apiPost<PayAccount | null>('/api/user/payInfo', { type });

export const payInfoQueryOptions = (type: PayType) =>
  queryOptions({ queryKey: ['user', 'payInfo', type] as const, queryFn: () => getPayInfo(type) });

export const usePayInfo = (type: PayType) => useQuery(payInfoQueryOptions(type));

export interface SetPayInfoInput {
  type: PayType;
  acc: string;
  acc_name: string;
  acc_bank?: string;
  mark?: string;
}

export const setPayInfo = (input: SetPayInfoInput) => request<PayAccount>('/api/user/setPayInfo', { data: { ...input } });

export function useSetPayInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayInfo,
    onSuccess: (answer, input) => queryClient.setQueryData(payInfoQueryOptions(input.type).queryKey, answer.data),
  });
}
