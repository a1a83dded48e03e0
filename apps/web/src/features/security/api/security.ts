import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call, send } from '../../../lib/api';

export const getSafetyInfo = () => call(api.user.safetyInfo);

export const safetyInfoQueryOptions = () => queryOptions({ queryKey: ['user', 'safetyInfo'] as const, queryFn: getSafetyInfo, staleTime: 0 });

export const useSafetyInfo = () => useQuery(safetyInfoQueryOptions());

/** new_code: the new 6-digit code; after_code: the current one, required once a code is set. */
export const setSafety = (input: { new_code: string; after_code?: string }) => send(api.user.setSafety, input);

export function useSetSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSafety,
    onSuccess: () => {
      queryClient.setQueryData(safetyInfoQueryOptions().queryKey, { isTrue: true });
      void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
    },
  });
}

/** after_pass: current password; the answer carries a fresh token (every other session is revoked). */
export const newPass = (input: { after_pass: string; new_pass: string; confirm_pass: string }) => send(api.user.newPass, input);

export const useNewPass = () => useMutation({ mutationFn: newPass });
