import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BetClass } from '@lucky28/shared/game';
import { Page } from '../../../components/Page';
import { gameNameKey } from '../../../lib/gameName';
import { useDraws, useDrawStatistics } from '../api/draws';
import { TREND_MAX_ROWS, trendCounts, trendRows } from '../model/trend';
import { GameTabs, gameFromParam } from './GameTabs';
import { MissingCounts } from './MissingCounts';
import './draws.css';

const COLUMNS = [
  { id: BetClass.BIG, key: 'size' },
  { id: BetClass.SMALL, key: 'size' },
  { id: BetClass.ODD, key: 'parity' },
  { id: BetClass.EVEN, key: 'parity' },
  { id: BetClass.EXTREME_BIG, key: 'extreme' },
  { id: BetClass.EXTREME_SMALL, key: 'extreme' },
] as const;

/**
 * /trendChart: up to 100 draws with the trend labels of docs/product.md#constants-and-game-rules (size, parity, extremes and the
 * combination column), switchable between the games; under them the missing counts and runs over all the game's draws (docs/statistics.md).
 */
export function TrendChartScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameId = gameFromParam(params.get('game_id'));
  const draws = useDraws(gameId, TREND_MAX_ROWS);
  const stats = useDrawStatistics(gameId);
  const rows = trendRows((draws.data ?? []).map((d) => ({ issue: d.issue, digits: [d.site_1, d.site_2, d.site_3] as const, total: d.code })));
  const counts = trendCounts(rows);
  const name = t(gameNameKey(gameId));
  return (
    <Page title={t('draws.trendTitle', { name })} className="draws">
      <GameTabs gameId={gameId} onChange={(id) => setParams({ game_id: String(id) }, { replace: true })} />
      {draws.isLoading && <Skeleton.Paragraph lineCount={10} animated className="draws-skeleton" />}
      {draws.isError && !draws.data && <ErrorBlock status="disconnected" title={t('common.failed')} description={draws.error.message} />}
      {rows.length > 0 && (
        <>
          <div className="trend-summary">
            <span>{t('draws.lastN', { count: rows.length })}</span>
            <span>
              {t('betClass.1')} <b>{counts.big}</b> · {t('betClass.2')} <b>{counts.small}</b>
            </span>
            <span>
              {t('betClass.3')} <b>{counts.odd}</b> · {t('betClass.4')} <b>{counts.even}</b>
            </span>
          </div>
          <div className="l28-surface trend-table-wrap">
            <table className="trend-table" data-testid="trend-table">
              <thead>
                <tr>
                  <th>{t('draws.colIssue')}</th>
                  <th>{t('draws.colResult')}</th>
                  {COLUMNS.map((c) => (
                    <th key={c.id}>{t(`draws.head.${c.id}`)}</th>
                  ))}
                  <th>{t('draws.colCombo')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.issue}>
                    <td className="trend-issue">{r.issue.slice(-4)}</td>
                    <td className="trend-result">
                      {r.digits.join('+')}=<b>{r.total}</b>
                    </td>
                    {COLUMNS.map((c) => {
                      const on = r.labels[c.key] === c.id;
                      return <td key={c.id}>{on && <span className={`trend-mark trend-mark-${c.id}`}>{t(`draws.mark.${c.id}`)}</span>}</td>;
                    })}
                    <td>
                      <span
                        className={`trend-combo trend-combo-${r.labels.combo}`}
                        data-testid="trend-combo"
                        data-combo={r.labels.combo}
                        title={t(`betClass.${r.labels.combo}`)}
                      >
                        {t(`draws.mark.${r.labels.combo}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {draws.data?.length === 0 && <ErrorBlock status="empty" title={t('draws.none')} description="" />}
      {stats.data && <MissingCounts stats={stats.data} />}
    </Page>
  );
}
