import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A failed load, with the server's message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('common.failed');
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <Button size="small" shape="rounded" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
