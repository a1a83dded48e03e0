import { request } from '../../../lib/api';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';
import { userInfoQueryOptions } from '../../../lib/auth';

export interface ProfileInput {
  nickname?: string;
  /** Stored only while none is stored. */
  idcard?: string;
  avatar?: number;
}

/** POST /api/user/profile. */
export const updateProfile = (input: ProfileInput) => request<null>('/api/user/profile', { data: { ...input } });

export const useUpdateProfile = () => useRefreshingMutation(updateProfile, [userInfoQueryOptions().queryKey], { awaitRefresh: true });
