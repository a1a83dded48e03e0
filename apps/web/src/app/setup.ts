import { configureApiClient } from '../lib/api';
import { endSession } from '../lib/endSession';
import { currentApiLang, i18n } from '../lib/i18n';
import { usePreferences } from '../lib/preferences';
import { useSession } from '../lib/session';

/** Wires the API client to the session, the UI language, the chosen line and the router. */
export function connectApiClient(router: { navigate(to: string, opts?: { replace?: boolean }): unknown }) {
  configureApiClient({
    getToken: () => useSession.getState().token,
    getLang: currentApiLang,
    getBase: () => usePreferences.getState().lineBase,
    onUnauthorized: () => {
      endSession();
      void router.navigate('/login', { replace: true });
    },
    message: (kind) => i18n.t(kind === 'timeout' ? 'errors.timeout' : kind === 'network' ? 'errors.network' : 'errors.server'),
  });
}
