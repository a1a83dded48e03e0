import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { digitOfPosition } from '@lucky28/shared/game';
import { useSearchParams } from 'react-router';
import { DrawBalls } from '../../../components/DrawBalls';
import { DrawTags } from '../../../components/DrawTags';
import { ListRefresh } from '../../../components/ListRefresh';
import { Page } from '../../../components/Page';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import { gameNameKey } from '../../../lib/gameName';
import { useDraws } from '../api/draws';
import { GameTabs, gameFromParam } from './GameTabs';
import './draws.css';

/** /lotteryDetail: the recent draws of one game, with the 20 numbers each result came from. */
export function LotteryDetailScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameId = gameFromParam(params.get('game_id'));
  const draws = useDraws(gameId, 100);
  const name = t(gameNameKey(gameId));
  const zone = useOperatorZone();
  return (
    <Page title={t('draws.detailTitle', { name })} className="draws">
      <GameTabs gameId={gameId} onChange={(id) => setParams({ game_id: String(id) }, { replace: true })} />
      <ListRefresh onRefresh={() => draws.refetch()}>
        {draws.isLoading && <Skeleton.Paragraph lineCount={8} animated className="draws-skeleton" />}
        {draws.isError && !draws.data && <ErrorBlock status="disconnected" title={t('common.failed')} description={draws.error.message} />}
        {draws.data?.length === 0 && <ErrorBlock status="empty" title={t('draws.none')} description="" />}
        <ul className="draws-list" data-testid="draws-list">
          {draws.data?.map((d) => (
            <li key={d.id} className="l28-surface draws-item">
              <div className="draws-item-head">
                <span className="draws-issue">{t('draws.issue', { issue: d.issue })}</span>
                <span className="draws-time">{formatInZone(d.opentime, zone, 'MM-DD HH:mm:ss')}</span>
              </div>
              <div className="draws-item-body">
                <span className="draws-balls">
                  <DrawBalls draw={d} />
                </span>
                <DrawTags tags={d.base} className="draws-tags" />
              </div>
              <div className="draws-numbers" aria-label={t('draws.numbers')}>
                {d.numbers.map((n, i) => (
                  <span key={n} className={`draws-num l28-digit-g${digitOfPosition(i) + 1}`}>
                    {n}
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </ListRefresh>
    </Page>
  );
}
