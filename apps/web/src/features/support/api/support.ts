import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';

/** `support/config`: whether an external customer-service chat is configured, and where. */
export interface SupportConfig {
  enabled: boolean;
  url: string | null;
}

export const supportConfigQuery = () =>
  queryOptions({
    queryKey: ['support', 'config'] as const,
    queryFn: () => apiPost<SupportConfig>('/api/support/config'),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useSupportConfig = () => useQuery(supportConfigQuery());

/**
 * `support/handoff`: the chat page's address carrying a single-use code valid for 60 s (DESIGN §9),
 * never the session token. Asked for at the moment of the tap, so the code is fresh.
 */
export const requestHandoff = () => apiPost<{ url: string }>('/api/support/handoff');
