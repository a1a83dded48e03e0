import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@lucky28/shared/schemas';
import { APP_VERSION } from '@lucky28/shared/version';
import { apiPost } from './client';

export type { SiteConfig };

/**
 * `common/siteConfig`: what the operator set for players in the console (issue 10 item 6), read
 * fresh by the server on every call; refetched when a screen mounts after a minute, so a change
 * reaches open apps without a restart or a new build.
 */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: ['common', 'siteConfig'] as const,
    queryFn: () => apiPost<SiteConfig>('/api/common/siteConfig'),
    staleTime: 60_000,
    retry: false,
  });

/** The version shown to players: the operator's label, or the app's own while none is set or loaded. */
export const useVersionLabel = (): string => useQuery(siteConfigQuery()).data?.version_label || APP_VERSION;
