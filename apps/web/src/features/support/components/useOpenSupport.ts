import { useTranslation } from 'react-i18next';
import { showError } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { useSupportHandoff } from '../api/handoff';
import { useSupportConfig } from '../api/support';

const isWebAddress = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Opens the customer-service chat. Logged in: with a fresh single-use hand-off code (the chat learns
 * who asks). Logged out (the login screen's "forgot password"): the chat's own address, which
 * `support/config` already tells anyone — no code, no identity, and no call that a visitor could
 * repeat to make the server do work; the hand-off stays for players. The tab is opened within the tap
 * (a window opened after an await is blocked by most mobile browsers) and cut off from this page
 * (`opener = null`); if the browser refuses a new tab, the chat opens here.
 */
export function useOpenSupport(): { open: () => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const config = useSupportConfig();
  const handoff = useSupportHandoff();

  const open = async () => {
    if (handoff.isPending) return;
    const visitorUrl = token ? null : config.data?.url;
    if (!token && (!visitorUrl || !isWebAddress(visitorUrl))) {
      showError(new Error(t('common.failed')));
      return;
    }
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const url = visitorUrl ?? (await handoff.mutateAsync()).url;
      if (!isWebAddress(url)) throw new Error(t('common.failed'));
      if (tab) tab.location.replace(url);
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      showError(error);
    }
  };
  return { open, pending: handoff.isPending };
}
