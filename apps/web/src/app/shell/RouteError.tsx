import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { reloadOnce as sharedReloadOnce, troubleOf as sharedTroubleOf, type Trouble } from '@lucky28/shared/routeTrouble';
import { ApiError } from '../../lib/api/client';
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
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <div className="route-error" role="alert" data-testid="route-error" data-trouble={trouble}>
      <img src="/logo.svg" width={56} height={56} alt="" />
      <h2>{t(`trouble.${trouble}Title`)}</h2>
      <p>{t(`trouble.${trouble}Text`)}</p>
      {requestId && (
        <p className="route-error-id" data-testid="route-error-request-id">
          {t('trouble.requestId')} {requestId}
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
