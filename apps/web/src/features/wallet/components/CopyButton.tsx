import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { showError, showSuccess } from '../../../lib/feedback';

/** Copies a value and confirms with "Copied to clipboard". */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="wallet-copy"
      aria-label={`${t('wallet.copy')} ${label}`}
      data-testid={testId}
      disabled={!value}
      onClick={() =>
        copyText(value).then(
          () => showSuccess(t('wallet.copied')),
          () => showError(new Error(t('wallet.copyFailed'))),
        )
      }
    >
      {t('wallet.copy')}
    </button>
  );
}
