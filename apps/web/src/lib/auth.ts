import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { UserInfo } from '@lucky28/shared/schemas';
import { call } from './api';
import { endSession } from './endSession';
import { useSession } from './session';

/**
 * `user/userInfo` (docs/product.md#entities-and-their-fields, docs/design.md#the-api-contract): the caller's own account, every amount a decimal string;
 * `shiming` 0 unverified, 1 under review, 2 verified (anything else counts as unverified); `profit`
 * is yesterday's, `score` the stored funds, `balance` money + score.
 */
export type { UserInfo };

export const MEMBER_GROUP = 1;

export const getUserInfo = async (): Promise<UserInfo> => {
  const info = await call(api.user.userInfo);
  useSession.getState().update({
    balance: info.balance,
    groupId: info.group_id,
    idcard: info.idcard || null,
    username: info.username,
  });
  return info;
};

export const userInfoQueryOptions = () => queryOptions({ queryKey: ['user', 'info'] as const, queryFn: getUserInfo });

/** The logged-in user's info; idle while logged out. */
export function useUserInfo() {
  const token = useSession((s) => s.token);
  return useQuery({ ...userInfoQueryOptions(), enabled: Boolean(token) });
}

export const verificationStatus = (shiming: number | undefined): 'verified' | 'reviewing' | 'unverified' =>
  shiming === 2 ? 'verified' : shiming === 1 ? 'reviewing' : 'unverified';

/**
 * Logout: revokes the session on the server (a failure there does not keep anyone logged in), lets
 * the caller leave the guarded screen, then clears the local session.
 */
export async function logout(leave: () => unknown = () => {}): Promise<void> {
  try {
    if (useSession.getState().token) await call(api.user.logout);
  } catch {
    /* the local session ends regardless */
  }
  try {
    await leave();
  } finally {
    endSession();
  }
}
