import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call, send } from '../../../lib/api';
import { useRefreshingMutation } from '../../../hooks/useRefreshingMutation';

export const protectionInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'protection'] as const,
    queryFn: ({ signal }) => call(api.protection.protectionInfo, {}, { signal }),
    staleTime: 0,
  });

export const useProtectionInfo = (enabled = true) => useQuery({ ...protectionInfoQueryOptions(), enabled });

/** Sets (amount; 0 is a real limit) or removes (`remove`) one limit; the answer is the limits, `msg` says whether it waits 24 hours. */
export const setLimit = (input: { kind: string; period: string; amount?: string; remove?: 1 }) => send(api.protection.setLimit, input);

export const setRealityCheck = (minutes: number) => send(api.protection.setRealityCheck, { minutes });

export const takeBreak = (input: { kind: string; duration: string; password?: string }) => send(api.protection.takeBreak, input);

export const useProtectionMutation = <I, T>(fn: (input: I) => Promise<T>) => useRefreshingMutation(fn, [['user', 'protection']]);

export const useNetPosition = () =>
  useQuery({
    queryKey: ['user', 'netPosition'] as const,
    queryFn: ({ signal }) => call(api.protection.netPosition, {}, { signal }),
    staleTime: 0,
  });
