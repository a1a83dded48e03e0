import { useEffect, useMemo } from 'react';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reloadOnce as sharedReloadOnce, troubleOf as sharedTroubleOf, type Trouble } from '@lucky28/shared/routeTrouble';
import { ApiError } from '../lib/api';

/** The console reloaded for a new version: once per address a minute, so a release that stays broken cannot loop. */
const RELOADED = 'lucky28.console.reloaded';

export type { Trouble };

/** The API could not be reached (no answer at all). */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

export const troubleOf = (error: unknown, online: boolean): Trouble => sharedTroubleOf(error, online, unreachable);

/** Reloads once for this address within a minute; false when it already did (the button then remains). */
export const reloadOnce = (storage: Pick<Storage, 'getItem' | 'setItem'>, href: string, now: number, reload: () => void): boolean =>
  sharedReloadOnce(RELOADED, storage, href, now, reload);

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
