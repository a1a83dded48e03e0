import { MessageFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { useSupportHandoff } from '../api/handoff';
import './support.css';

const isWebAddress = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Logged out: to /login. Logged in: a fresh hand-off code, then the chat in a new tab. The tab is
 * opened within the tap (a window opened after an await is blocked by most mobile browsers) and cut
 * off from this page (`opener = null`); if the browser refuses a new tab, the chat opens here.
 */
export default function SupportBubble() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const handoff = useSupportHandoff();

  const open = async () => {
    if (!token) {
      navigate('/login');
      return;
    }
    if (handoff.isPending) return;
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await handoff.mutateAsync();
      if (!isWebAddress(url)) throw new Error(t('common.failed'));
      if (tab) tab.location.replace(url);
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      showError(error);
    }
  };

  return (
    <>
      {/* Room at the end of the page, so the last content can scroll clear of the button. */}
      <div className="support-spacer" aria-hidden />
      <button
        type="button"
        className="support-bubble"
        data-testid="support-bubble"
        aria-label={t('support.button')}
        title={t('support.button')}
        aria-busy={handoff.isPending}
        disabled={handoff.isPending}
        onClick={() => void open()}
      >
        <MessageFill />
      </button>
    </>
  );
}
