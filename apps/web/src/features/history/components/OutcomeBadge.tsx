import { useTranslation } from 'react-i18next';
import type { OrderOutcome } from '../model/order';

export function OutcomeBadge({ outcome }: { outcome: OrderOutcome }) {
  const { t } = useTranslation();
  return (
    <span className={`hist-badge hist-badge-${outcome}`} data-testid="order-outcome" data-outcome={outcome}>
      {outcome === 'cancelled' ? t('betHistory.cancelled') : t(`betHistory.outcome.${outcome}`)}
    </span>
  );
}
