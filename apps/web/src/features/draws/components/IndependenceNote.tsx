import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The statement every statistic and alert carries: each draw is independent, with the way to the fairness page. */
export function IndependenceNote() {
  const { t } = useTranslation();
  return (
    <p className="trend-stats-independent" data-testid="independence">
      {t('draws.stats.independent')}{' '}
      <Link to="/fair" className="trend-stats-fair" data-testid="stats-fair-link">
        {t('draws.stats.fairLink')}
      </Link>
    </p>
  );
}
