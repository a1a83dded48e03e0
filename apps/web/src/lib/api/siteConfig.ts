/**
 * What the operator set for players in the console: the site settings and the customer-service
 * chat. One module: the home screen reads both at its first paint.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { APP_VERSION } from '@lucky28/shared/version';
import { usePreferences } from '../preferences';
import { call } from './client';

export type { SiteConfig, SupportConfig } from '@lucky28/shared/schemas';

/**
 * `settings.siteConfigPost`: the version label and the minimum withdrawal, read fresh by the server
 * on every call; refetched when a screen mounts after a minute, so a change reaches open apps without
 * a restart or a new build.
 */
export const siteConfigQuery = () =>
  queryOptions({
    queryKey: ['common', 'siteConfig'] as const,
    // From this page's own origin: it lists the lines, so it must answer even when the chosen line is down;
    // a line the operator no longer lists is left at once.
    queryFn: async () => {
      const config = await call(api.settings.siteConfigPost, undefined, { ownOrigin: true });
      usePreferences.getState().keepLineIfListed(config.lines);
      return config;
    },
    staleTime: 60_000,
    retry: false,
  });

/** The version shown to players: the operator's label, or the app's own while none is set or loaded. */
export const useVersionLabel = (): string => useQuery(siteConfigQuery()).data?.version_label || APP_VERSION;

/** `support.config`: whether an external customer-service chat is configured, and where. */
export const supportConfigQuery = () =>
  queryOptions({
    queryKey: ['support', 'config'] as const,
    queryFn: () => call(api.support.config),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useSupportConfig = () => useQuery(supportConfigQuery());

/**
 * Whether texts may send the player to customer service: only when a chat is configured (a pending
 * or failed answer counts as none), so no screen points at help that does not exist.
 */
export const useHasSupportChat = (): boolean => useSupportConfig().data?.enabled === true;
