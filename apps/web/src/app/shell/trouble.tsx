/**
 * The offline line, and the prefetch of the error page (RouteError.tsx) and its texts, so that both
 * are at hand when the network is gone. Loaded by the shell a moment after start (troubleEntry.tsx):
 * none of it is on the first screen.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';
import { loadRouteError } from './loadRouteError';

/** The app-wide line shown while the browser is offline. */
export default function OfflineBanner() {
  const { t } = useTranslation();
  useEffect(() => void loadRouteError().catch(() => {}), []);
  return useOnline() ? null : (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('trouble.offlineBanner')}
    </div>
  );
}
