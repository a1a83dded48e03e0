import { MessageFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useOpenSupport } from './useOpenSupport';
import './support.css';

/** The floating button: opens the chat (useOpenSupport), for players and logged-out visitors alike. */
export default function SupportBubble() {
  const { t } = useTranslation();
  const support = useOpenSupport();
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
        aria-busy={support.pending}
        disabled={support.pending}
        onClick={() => void support.open()}
      >
        <MessageFill />
      </button>
    </>
  );
}
