import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { useCandles } from '../api/draws';
import { toCandles } from '../model/candles';
import { CandleChart } from './CandleChart';
import { GameTabs, gameFromParam } from './GameTabs';
import './draws.css';

/** /find: game tabs and a candlestick chart of the draw totals, computed from real draws only. */
export function FindScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameId = gameFromParam(params.get('game_id'));
  const candles = useCandles(gameId, 100);
  const points = toCandles(candles.data ?? []);
  const last = points[points.length - 1];
  return (
    <Page title={t('routes.find')} className="draws">
      <GameTabs gameId={gameId} onChange={(id) => setParams({ game_id: String(id) }, { replace: true })} />
      <section className="l28-surface find-card">
        {last && (
          <div className="find-head">
            <span>{t('draws.issue', { issue: last.issue })}</span>
            <strong>{last.close}</strong>
          </div>
        )}
        {candles.isLoading && <Skeleton.Paragraph lineCount={8} animated />}
        {candles.isError && !candles.data && <ErrorBlock status="disconnected" title={t('common.failed')} description={candles.error.message} />}
        {points.length > 0 && <CandleChart points={points} />}
        {candles.data?.length === 0 && <ErrorBlock status="empty" title={t('draws.none')} description="" />}
        <p className="find-note">{t('draws.candleNote')}</p>
      </section>
    </Page>
  );
}
