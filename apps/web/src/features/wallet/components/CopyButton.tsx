import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../lib/feedback';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      /* fall back below (insecure origin, denied permission) */
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  if (!done) throw new Error('copy');
}

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
