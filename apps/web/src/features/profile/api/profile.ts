import * as api from '@lucky28/shared/api/refs';
import { send } from '../../../lib/api';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';
import { userInfoQueryOptions } from '../../../lib/auth';

export interface ProfileInput {
  nickname?: string;
  /** Stored only while none is stored. */
  idcard?: string;
  /** The document the ID number is of (its format check). */
  id_type?: 'cn' | 'tw' | 'passport';
  avatar?: number;
}

/** Saves what is given; `msg` is the server's confirmation. */
export const updateProfile = (input: ProfileInput) => send(api.user.profile, input);

export const useUpdateProfile = () => useRefreshingMutation(updateProfile, [userInfoQueryOptions().queryKey], { awaitRefresh: true });
