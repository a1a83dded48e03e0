import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DrawStatistics } from '@lucky28/shared/schemas';
import { missingTable, type MissingEntry } from '../model/missing';
import { IndependenceNote } from './IndependenceNote';

const Cells = ({ entry, label }: { entry: MissingEntry | undefined; label: string }) =>
  entry ? (
    <>
      <th scope="row">{label}</th>
      <td data-testid={`missing-current-${entry.class}`}>{entry.current}</td>
      <td data-testid={`missing-longest-${entry.class}`}>{entry.longest}</td>
    </>
  ) : (
    <td colSpan={3} />
  );

/**
 * The trend screen's missing counts and current runs (docs/statistics.md), over every draw of the
 * game, with the independence statement and the way to the fairness page.
 */
export function MissingCounts({ stats }: { stats: DrawStatistics }) {
  const { t } = useTranslation();
  const table = missingTable(stats);
  const heads = (
    <>
      <th scope="col">{t('draws.stats.colCurrent')}</th>
      <th scope="col">{t('draws.stats.colLongest')}</th>
    </>
  );
  return (
    <section className="l28-surface trend-stats" data-testid="missing-counts" aria-label={t('draws.stats.title')}>
      <h3>{t('draws.stats.title')}</h3>
      <IndependenceNote />
      <p className="trend-stats-note">{t('draws.stats.over', { count: stats.draws })}</p>
      <div className="trend-runs" data-testid="current-runs">
        <span>{t('draws.stats.runs')}</span>
        {stats.runs
          .filter((r) => r.length > 0)
          .map((r) => (
            <span key={r.class} className="trend-run" data-class={r.class}>
              {t('draws.stats.run', { name: t(`betClass.${r.class}`), count: r.length })}
            </span>
          ))}
      </div>
      <Link to={`/streakAlerts?game_id=${stats.game_id}`} className="trend-stats-fair" data-testid="streak-alerts-link">
        {t('draws.alerts.entry')}
      </Link>
      <table className="trend-table trend-missing" data-testid="missing-classes">
        <thead>
          <tr>
            <th scope="col">{t('draws.stats.colClass')}</th>
            {heads}
          </tr>
        </thead>
        <tbody>
          {table.classes.map((m) => (
            <tr key={m.class}>
              <Cells entry={m} label={t(`betClass.${m.class}`)} />
            </tr>
          ))}
        </tbody>
      </table>
      <table className="trend-table trend-missing" data-testid="missing-totals">
        <thead>
          <tr>
            <th scope="col">{t('draws.stats.colTotal')}</th>
            {heads}
            <th scope="col">{t('draws.stats.colTotal')}</th>
            {heads}
          </tr>
        </thead>
        <tbody>
          {table.totalRows.map(([left, right]) => (
            <tr key={left?.class}>
              <Cells entry={left} label={String(left?.total)} />
              <Cells entry={right} label={String(right?.total)} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="trend-stats-note">{t('draws.stats.help')}</p>
    </section>
  );
}
