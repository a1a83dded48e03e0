import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginAnswer, SafetyInfo } from '@lucky28/shared/schemas';
import { apiPost, request } from '../../../lib/api';

export const getSafetyInfo = () => apiPost<SafetyInfo>('/api/user/safetyInfo');

export const safetyInfoQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'safetyInfo'] as const, queryFn: getSafetyInfo, staleTime: 0 });

export const useSafetyInfo = () => useQuery(safetyInfoQueryOptions());

/** new_code: the new 6-digit code; after_code: the current one, required once a code is set. */
export const setSafety = (input: { new_code: string; after_code?: string }) =>
  request<null>('/api/user/setSafety', { data: { ...input } });

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
export const newPass = (input: { after_pass: string; new_pass: string; confirm_pass: string }) =>
  request<LoginAnswer>('/api/user/newPass', { data: { ...input } });

export const useNewPass = () => useMutation({ mutationFn: newPass });
