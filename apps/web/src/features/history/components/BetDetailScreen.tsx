import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { showNotice } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { formatInZone } from '../../../lib/operatorTime';
import { useOrderDetail } from '../api/orders';
import { detailLinkOf } from '../model/detailLink';
import { openResultParts, outcomeOf, type BetOrder } from '../model/order';
import { AppliedOdds } from './AppliedOdds';
import { OutcomeBadge } from './OutcomeBadge';
import './history.css';

/** One detail line: its label and value. */
export type DetailRow = [label: string, value: ReactNode];

/** The order's lines in display order (add a line here, e.g. the applied odds and their rule). */
function detailRows(o: BetOrder, t: (key: string) => string, zone: string): DetailRow[] {
  const parts = openResultParts(o.lottery_code);
  return [
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
        <span data-testid="open-result-pending">{t('betHistory.notDrawn')}</span>
      ),
    ],
    [t('betHistory.betItem'), o.play_method],
    [t('betHistory.odds'), <span data-testid="detail-odds">{o.odds ?? '--'}</span>],
    [t('odds1314.label'), <AppliedOdds order={o} variant="detail" />],
    [t('betHistory.payout'), <span data-testid="detail-payout">{o.status === 1 && o.payout ? `${o.payout} u` : '----'}</span>],
    [t('betHistory.betTime'), formatInZone(o.createtime, zone)],
  ];
}

/** One order as the server answered it: the stake and result up top, then its lines and the way to verify its round. */
export function BetDetailView({ order: o }: { order: BetOrder }) {
  const { t } = useTranslation();
  const zone = useOperatorZone();
  const outcome = outcomeOf(o);
  // A bet from before the move: its round was drawn by the previous system, which gives nothing to verify.
  const verifyHref = o.game_id && !o.legacy ? `/fair?${new URLSearchParams({ game_id: String(o.game_id), issue: o.issue }).toString()}` : null;
  return (
    <>
      <section className={`l28-hero hist-hero hist-hero-${outcome}`} data-testid="bet-detail" data-order-no={o.orderNo} data-outcome={outcome}>
        <span className="hist-hero-label">{t('betHistory.amount')}</span>
        <strong className="hist-hero-amount">{o.quantity} u</strong>
        <div className="hist-hero-row">
          <span>
            {t('betHistory.profit')} <b data-testid="detail-profit">{o.status === 0 || o.profit === null ? '----' : `${o.profit} u`}</b>
          </span>
          <OutcomeBadge outcome={outcome} />
        </div>
        {outcome === 'pending' && !o.legacy && <p className="hist-following">{t('betHistory.following')}</p>}
        {o.legacy && (
          <p className="hist-legacy-note" data-testid="detail-legacy">
            <em className="hist-legacy-tag">{t('betHistory.legacy')}</em> {t('betHistory.previousDraw')}
          </p>
        )}
      </section>
      <dl className="l28-surface hist-fields">
        {detailRows(o, t, zone).map(([k, v]) => (
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
    </>
  );
}

const LINK_PROBLEM = { param: 'betHistory.paramError', format: 'betHistory.formatError' } as const;

/**
 * /betDetail?orderNo=… (docs/product.md#money-and-history-screens): the player's own order read from the server (never from the
 * link), followed until its round settles. A link naming no order says "parameter error", one whose
 * order cannot be read (the spec's `item` that is not a row) "data format error" — and goes back, as
 * the spec does (to the history when opened directly). An order that cannot be loaded (not theirs,
 * gone, no network): "jump failed" with the reason and a retry.
 */
export function BetDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = detailLinkOf(params);
  const orderNo = 'orderNo' in link ? link.orderNo : '';
  const problem = 'problem' in link ? LINK_PROBLEM[link.problem] : null;
  const order = useOrderDetail(orderNo);
  const goBack = useGoBack('/betRecord');
  const left = useRef(false);
  useEffect(() => {
    if (!problem || left.current) return;
    left.current = true;
    showNotice(t(problem));
    goBack();
  }, [problem, goBack, t]);
  let body: ReactNode;
  if (problem) body = <DetailProblem title={t(problem)} />;
  else if (order.data) body = <BetDetailView order={order.data} />;
  else if (order.isError)
    body = <DetailProblem title={t('betHistory.jumpFailed')} reason={order.error.message} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  else body = <Skeleton.Paragraph animated lineCount={8} className="page-skeleton" />;
  return (
    <Page title={t('routes.betDetail')} backFallback="/betRecord" className="hist">
      {body}
    </Page>
  );
}

function DetailProblem({ title, reason, onRetry, retrying }: { title: string; reason?: string; onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert" data-testid="bet-detail-failed">
      <p>
        <b>{title}</b>
      </p>
      {reason && <p>{reason}</p>}
      {onRetry && (
        <Button size="small" shape="rounded" onClick={onRetry} loading={retrying}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
