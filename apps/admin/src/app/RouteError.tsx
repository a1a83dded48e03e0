import { useEffect, useMemo } from 'react';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ApiError } from '../lib/api';

/** How the browser words a page's code (a chunk) that did not load: gone after a new release, or no network. */
const CODE_NOT_LOADED = /dynamically imported module|module script|importing a module|preload css|loading chunk/i;
/** The console reloaded for a new version: once per address a minute, so a release that stays broken cannot loop. */
const RELOADED = 'lucky28.console.reloaded';

export type Trouble = 'offline' | 'update' | 'error';

export function troubleOf(error: unknown, online: boolean): Trouble {
  if (!online || (error instanceof ApiError && error.status === 0)) return 'offline';
  return error instanceof Error && CODE_NOT_LOADED.test(error.message) ? 'update' : 'error';
}

/** Reloads once for this address within a minute; false when it already did (the button then remains). */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'>, href: string, now: number, reload: () => void): boolean {
  const [at, last] = (storage.getItem(RELOADED) ?? '').split(' ');
  if (last === href && now - Number(at) < 60_000) return false;
  storage.setItem(RELOADED, `${now} ${href}`);
  reload();
  return true;
}

const reload = () => window.location.reload();

/**
 * Every console route's error element (never React Router's developer page): offline → a notice with
 * Retry; a page's code gone after a release → "new version", reloading to the same page; anything
 * else → an apology with Retry and the request id.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const trouble = useMemo(() => troubleOf(error, navigator.onLine), [error]);
  useEffect(() => {
    if (trouble === 'update') reloadOnce(sessionStorage, location.href, Date.now(), reload);
  }, [trouble]);
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <Result
      status={trouble === 'error' ? 'error' : trouble === 'update' ? 'info' : 'warning'}
      title={t(`trouble.${trouble}Title`)}
      subTitle={
        <>
          {t(`trouble.${trouble}Text`)}
          {requestId && (
            <Typography.Paragraph copyable={{ text: requestId }} data-testid="route-error-request-id">
              {t('trouble.requestId')} {requestId}
            </Typography.Paragraph>
          )}
        </>
      }
      extra={
        <Button type="primary" onClick={reload} data-testid="route-error-retry">
          {t(trouble === 'update' ? 'trouble.reload' : 'common.retry')}
        </Button>
      }
      data-testid="route-error"
      data-trouble={trouble}
    />
  );
}
