import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@lucky28/shared/money';
import { formatOdds, trendOf } from '@lucky28/shared/game';
import { Page } from '../../../components/Page';
import { explainDraw, payoutsOn } from '../model/example';
import { RoomPicker } from './RoomPicker';
import { useRoomRules } from './useRoomRules';
import './rules.css';

const EXAMPLE_STAKE = 1000;

/**
 * /lotteryExplain: the latest real draw of the room's game taken apart step by step, and what
 * every class of the room paid on it — computed by the shared draw and settlement code.
 */
export function LotteryExplainScreen() {
  const { t } = useTranslation();
  const r = useRoomRules();
  const draw = r.latestDraw;
  const ex = draw ? explainDraw(draw.numbers) : null;
  const pays = ex ? payoutsOn(r.classes, ex.digits, EXAMPLE_STAKE) : [];
  const labels = ex ? trendOf(ex.total) : null;
  return (
    <Page title={t('routes.lotteryExplain')} className="rules">
      <RoomPicker games={r.games} game={r.game} plan={r.plan} onChoose={r.choose} />
      {r.loading && <Skeleton.Paragraph lineCount={8} animated className="rules-skeleton" />}
      {r.error && <ErrorBlock status="disconnected" title={t('common.failed')} description={r.error.message} />}
      <section className="l28-surface rules-card">
        <h2>{t('rules.explainTitle')}</h2>
        <p>{t('rules.explainText')}</p>
      </section>
      {!r.loading && !ex && <ErrorBlock status="empty" title={t('rules.noDrawYet')} description="" />}
      {draw && ex && labels && (
        <>
          <section className="l28-surface rules-card" data-testid="explain-example">
            <h2>{t('rules.exampleTitle', { issue: draw.issue })}</h2>
            {ex.groups.map((g, i) => (
              <div key={i} className={`explain-row explain-g${i + 1}`}>
                <span className="explain-label">{t('rules.groupN', { n: i + 1, from: [1, 7, 14][i], to: [6, 13, 20][i] })}</span>
                <div className="explain-nums">
                  {g.map((n) => (
                    <span key={n}>{n}</span>
                  ))}
                </div>
                <span className="explain-sum">
                  Σ {ex.sums[i]} → <b>{ex.digits[i]}</b>
                </span>
              </div>
            ))}
            <div className="explain-total">
              {ex.digits[0]} + {ex.digits[1]} + {ex.digits[2]} = <b>{ex.total}</b>
              <span className="explain-tags">
                <em>{t(`betClass.${labels.size}`)}</em>
                <em>{t(`betClass.${labels.parity}`)}</em>
                {labels.extreme !== null && <em>{t(`betClass.${labels.extreme}`)}</em>}
              </span>
            </div>
            <Link className="rules-link" to={`/fair?game_id=${r.game?.id ?? ''}&issue=${draw.issue}`}>
              {t('rules.verifyThis')}
            </Link>
          </section>
          <section className="l28-surface rules-card">
            <h2>{t('rules.paidTitle', { stake: formatMoney(EXAMPLE_STAKE) })}</h2>
            <table className="rules-table">
              <thead>
                <tr>
                  <th>{t('rules.colBet')}</th>
                  <th>{t('rules.colApplied')}</th>
                  <th>{t('rules.colPayout')}</th>
                  <th>{t('rules.colProfit')}</th>
                </tr>
              </thead>
              <tbody>
                {pays.map((p) => (
                  <tr key={p.classId}>
                    <td className="rules-bet">{p.name}</td>
                    <td>{formatOdds(p.applied)}</td>
                    <td>{formatMoney(p.payout)}</td>
                    <td className={p.profit > 0 ? 'rules-up' : ''}>{formatMoney(p.profit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="rules-foot">{t('rules.othersLost')}</p>
          </section>
        </>
      )}
    </Page>
  );
}
