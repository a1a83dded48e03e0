import { useEffect, useMemo } from 'react';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import {
  incidentOf,
  newIncidentId,
  reloadOnce as sharedReloadOnce,
  troubleOf as sharedTroubleOf,
  type Incident,
  type Trouble,
} from '@lucky28/shared/routeTrouble';
import { ApiError, lastFailedRequestId } from '../lib/api';

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

/** The id to quote on the "error" page: the error's own request id, the last failed call's, or one made in the browser. */
export const incidentOfError = (error: unknown): Incident =>
  incidentOf(error instanceof ApiError ? error.requestId : undefined, lastFailedRequestId(), () => newIncidentId(Date.now()));

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
  // Made once per error: a re-render must not change the id the operator may already have copied.
  const incident = useMemo(() => (trouble === 'error' ? incidentOfError(error) : null), [error, trouble]);
  return (
    <Result
      status={trouble === 'error' ? 'error' : trouble === 'update' ? 'info' : 'warning'}
      title={t(`trouble.${trouble}Title`)}
      subTitle={
        <>
          {t(`trouble.${trouble}Text`)}
          {incident && (
            <Typography.Paragraph copyable={{ text: incident.id }} data-testid="route-error-request-id" data-from-server={incident.fromServer}>
              {t(incident.fromServer ? 'trouble.requestId' : 'trouble.incidentId')} <span data-testid="route-error-id">{incident.id}</span>
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
