import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExclusionInfo, LimitInfo, NetPosition, ProtectionInfo } from '@lucky28/shared/schemas';
import { apiPost, request } from '../../../lib/api';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';

export const protectionInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'protection'] as const,
    queryFn: ({ signal }) => apiPost<ProtectionInfo>('/api/user/protectionInfo', {}, { signal }),
    staleTime: 0,
  });

export const useProtectionInfo = (enabled = true) => useQuery({ ...protectionInfoQueryOptions(), enabled });

/** Sets (amount; 0 is a real limit) or removes (`remove`) one limit; the answer is the limits, `msg` says whether it waits 24 hours. */
export const setLimit = (input: { kind: string; period: string; amount?: string; remove?: 1 }) =>
  request<LimitInfo[]>('/api/user/setLimit', { data: { ...input } });

export const setRealityCheck = (minutes: number) =>
  request<{ reality_check: number }>('/api/user/setRealityCheck', { data: { minutes } });

export const takeBreak = (input: { kind: string; duration: string; password?: string }) =>
  request<ExclusionInfo>('/api/user/takeBreak', { data: { ...input } });

export const useProtectionMutation = <I, T>(fn: (input: I) => Promise<T>) => useRefreshingMutation(fn, [['user', 'protection']]);

export const useNetPosition = () =>
  useQuery({
    queryKey: ['user', 'netPosition'] as const,
    queryFn: ({ signal }) => apiPost<NetPosition>('/api/user/netPosition', {}, { signal }),
    staleTime: 0,
  });
