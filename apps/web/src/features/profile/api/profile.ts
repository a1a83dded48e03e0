import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { userInfoQueryOptions } from '../../../lib/auth';

export interface ProfileInput {
  nickname?: string;
  /** Stored only while none is stored. */
  idcard?: string;
  avatar?: number;
}

/** POST /api/user/profile. */
export const updateProfile = (input: ProfileInput) => request<null>('/api/user/profile', { data: { ...input } });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  });
}
