import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportConfig } from '@lucky28/shared/schemas';
import { apiPost } from './client';

export type { SupportConfig };

/** `support/config`: whether an external customer-service chat is configured, and where. */
export const supportConfigQuery = () =>
  queryOptions({
    queryKey: ['support', 'config'] as const,
    queryFn: () => apiPost<SupportConfig>('/api/support/config'),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useSupportConfig = () => useQuery(supportConfigQuery());

/**
 * Whether texts may send the player to customer service: only when a chat is configured (a pending
 * or failed answer counts as none), so no screen points at help that does not exist.
 */
export const useHasSupportChat = (): boolean => useSupportConfig().data?.enabled === true;
