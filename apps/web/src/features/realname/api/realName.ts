import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call, send, upload } from '../../../lib/api';
import { userInfoQueryOptions } from '../../../lib/auth';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';

/** `user/shimingInfo`: status (0 unverified, 1 under review, 2 verified), the last request masked, and a refusal's reason. */
export const realNameInfoQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'shimingInfo'] as const, queryFn: () => call(api.wallet.shimingInfo), staleTime: 0 });

export const useRealNameInfo = () => useQuery(realNameInfoQueryOptions());

/** An ID-card picture, uploaded at choose time (docs/product.md#states-and-transitions); answers its private address. */
export const uploadIdcardPicture = async (file: File) => (await upload(api.common.upload, file, { type: 'idcard' })).url;

export interface RealNameInput {
  truename: string;
  idcard: string;
  id_type?: 'cn' | 'tw' | 'passport';
  idcard_zheng: string;
  idcard_fan: string;
}

export const submitRealName = (input: RealNameInput) => send(api.wallet.shiming, input);

export const useSubmitRealName = () => useRefreshingMutation(submitRealName, [realNameInfoQueryOptions().queryKey, userInfoQueryOptions().queryKey]);
