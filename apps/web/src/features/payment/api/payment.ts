import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { PayAccount } from '@lucky28/shared/schemas';
import { call, send } from '../../../lib/api';

export type PayType = 0 | 1;

/**
 * A bound account as the server presents it (docs/product.md#entities-and-their-fields, `PayAccount`): a bank card (type 0) has acc =
 * holder and acc_name = card number, both already masked by the server; a wallet (type 1) has acc =
 * address and acc_name = network.
 */
export type { PayAccount };

export const getPayInfo = (type: PayType) => call(api.user.payInfo, { type });

export const payInfoQueryOptions = (type: PayType) => queryOptions({ queryKey: ['user', 'payInfo', type] as const, queryFn: () => getPayInfo(type) });

export const usePayInfo = (type: PayType) => useQuery(payInfoQueryOptions(type));

/** Whether the player has a security code (user/safetyInfo): replacing a bound account needs it. */
export const paySafetyQueryOptions = () => queryOptions({ queryKey: ['user', 'safetyInfo'] as const, queryFn: () => call(api.user.safetyInfo), staleTime: 0 });

export const usePaySafety = () => useQuery(paySafetyQueryOptions());

export interface SetPayInfoInput {
  type: PayType;
  acc: string;
  acc_name: string;
  acc_bank?: string;
  mark?: string;
  /** Only to replace an account already bound. */
  securityCode?: string;
}

export const setPayInfo = (input: SetPayInfoInput) => send(api.user.setPayInfo, input);

export function useSetPayInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayInfo,
    onSuccess: (answer, input) => queryClient.setQueryData(payInfoQueryOptions(input.type).queryKey, answer.data),
    // Refused for want of a code: what is bound (or whether a code is set) changed meanwhile; ask again.
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: payInfoQueryOptions(input.type).queryKey });
      void queryClient.invalidateQueries({ queryKey: paySafetyQueryOptions().queryKey });
    },
  });
}
