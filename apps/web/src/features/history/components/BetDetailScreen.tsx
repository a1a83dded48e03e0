import { useEffect, type ReactNode } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import { useGoBack } from '../../../lib/navigation';
import { openResultParts, outcomeOf, parseOrderItem } from '../model/order';
import { AppliedOdds } from './AppliedOdds';
import { OutcomeBadge } from './OutcomeBadge';
import './history.css';

/** /betDetail (spec §2.10): one order passed as JSON in `item`. */
export function BetDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const goBack = useGoBack('/betRecord');
  const zone = useOperatorZone();
  const parsed = parseOrderItem(params.get('item'));
  const error = parsed.ok ? null : parsed.error;
  useEffect(() => {
    if (error) {
      Toast.show({ icon: 'fail', content: t(error) });
      goBack();
    }
  }, [error, goBack, t]);
  if (!parsed.ok) return <Page title={t('routes.betDetail')}>{null}</Page>;
  const o = parsed.order;
  const outcome = outcomeOf(o);
  const parts = openResultParts(o.lottery_code);
  const rows: [string, ReactNode][] = [
    [t('betHistory.orderNo'), <span className="hist-mono">{o.orderNo}</span>],
    [t('betHistory.game'), o.name],
    [t('betHistory.plan'), o.plan_name],
    [t('betHistory.issueLabel'), o.issue],
    [
      t('betHistory.openResult'),
      parts ? (
        <span className="hist-result" data-testid="open-result">
          <span>{parts[0]}</span>+<span>{parts[1]}</span>+<span>{parts[2]}</span>=<span className="hist-result-total">{parts[3]}</span>
        </span>
      ) : (
        t('betHistory.notDrawn')
      ),
    ],
    [t('betHistory.betItem'), o.play_method],
    [t('betHistory.odds'), <span data-testid="detail-odds">{o.odds ?? '--'}</span>],
    [t('odds1314.label'), <AppliedOdds order={o} variant="detail" />],
    [t('betHistory.payout'), <span data-testid="detail-payout">{o.status === 1 && o.payout ? `${o.payout} u` : '----'}</span>],
    [t('betHistory.betTime'), formatInZone(o.createtime, zone)],
  ];
  const verifyHref = o.game_id ? `/fair?${new URLSearchParams({ game_id: String(o.game_id), issue: o.issue }).toString()}` : null;
  return (
    <Page title={t('routes.betDetail')} backFallback="/betRecord" className="hist">
      <section className={`l28-hero hist-hero hist-hero-${outcome}`}>
        <span className="hist-hero-label">{t('betHistory.amount')}</span>
        <strong className="hist-hero-amount">{o.quantity} u</strong>
        <div className="hist-hero-row">
          <span>
            {t('betHistory.profit')} <b data-testid="detail-profit">{o.status === 0 || o.profit === null ? '----' : `${o.profit} u`}</b>
          </span>
          <OutcomeBadge outcome={outcome} />
        </div>
      </section>
      <dl className="l28-surface hist-fields">
        {rows.map(([k, v]) => (
          <div key={k} className="hist-field">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {verifyHref && (
        <div className="page-actions">
          <Link to={verifyHref} className="hist-verify" data-testid="detail-verify">
            {t('betHistory.verifyRound')}
          </Link>
        </div>
      )}
    </Page>
  );
}
