import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import {
  incidentOf,
  newIncidentId,
  reloadOnce as sharedReloadOnce,
  troubleOf as sharedTroubleOf,
  type Incident,
  type Trouble,
} from '@lucky28/shared/routeTrouble';
import { ApiError, lastFailedRequestId } from '../../lib/api/client';
import { useOnline } from '../../lib/online';
import { addTroubleTexts } from '../../i18n/troubleTexts';

/** The page reloaded for a new version: once per address a minute, so a release that stays broken cannot loop. */
const RELOADED = 'l28-reloaded';

export type { Trouble };

/** The API could not be reached (no network, or no answer in time). */
const unreachable = (error: unknown) => error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');

export const troubleOf = (error: unknown, online: boolean): Trouble => sharedTroubleOf(error, online, unreachable);

/** Reloads the page once for this address within a minute; false when it already did (the notice's button then remains). */
export const reloadOnce = (storage: Pick<Storage, 'getItem' | 'setItem'>, href: string, now: number, reload: () => void): boolean =>
  sharedReloadOnce(RELOADED, storage, href, now, reload);

const reload = () => window.location.reload();

/** The id to quote on the "error" page: the error's own request id, the last failed call's, or one made on the device. */
export const incidentOfError = (error: unknown): Incident =>
  incidentOf(error instanceof ApiError ? error.requestId : undefined, lastFailedRequestId(), () => newIncidentId(Date.now()));

/**
 * Every route's error element (never React Router's developer page): offline → a notice with Retry;
 * a screen's code gone (a new version was deployed) → "new version", reloading to the same screen;
 * anything else → an apology with Retry and the request id the player can quote.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const online = useOnline();
  // As it was when the error happened: coming back online enables Retry, it does not relabel the notice.
  const trouble = useMemo(() => troubleOf(error, navigator.onLine), [error]);
  useEffect(() => {
    if (trouble === 'update') reloadOnce(sessionStorage, location.href, Date.now(), reload);
  }, [trouble]);
  // Made once per error: a re-render must not change the id the player may already have written down.
  const incident = useMemo(() => (trouble === 'error' ? incidentOfError(error) : null), [error, trouble]);
  return (
    <div className="route-error" role="alert" data-testid="route-error" data-trouble={trouble}>
      <img src="/logo.svg" width={56} height={56} alt="" />
      <h2>{t(`trouble.${trouble}Title`)}</h2>
      <p>{t(`trouble.${trouble}Text`)}</p>
      {incident && (
        <p className="route-error-id" data-testid="route-error-request-id" data-from-server={incident.fromServer}>
          {t(incident.fromServer ? 'trouble.requestId' : 'trouble.incidentId')} <span data-testid="route-error-id">{incident.id}</span>
        </p>
      )}
      <button type="button" className="route-error-retry" disabled={!online} onClick={reload} data-testid="route-error-retry">
        {t(trouble === 'update' ? 'trouble.reload' : 'common.retry')}
      </button>
      <Link to="/">{t('trouble.home')}</Link>
    </div>
  );
}

/** The error page, its texts added to the app's catalogue (troubleEntry.tsx loads this chunk). */
export const withTexts = () => {
  addTroubleTexts();
  return { default: RouteError };
};
