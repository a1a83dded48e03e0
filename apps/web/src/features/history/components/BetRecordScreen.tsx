import { useState } from 'react';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateRangeBar, DateRangeFilter } from '../../../components/DateRangeFilter';
import { ListRefresh } from '../../../components/ListRefresh';
import { Page } from '../../../components/Page';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import { useOrderTotals, useOrders, type DateRange } from '../api/orders';
import { betDetailHref, outcomeOf, type BetOrder } from '../model/order';
import { AppliedOdds } from './AppliedOdds';
import { OutcomeBadge } from './OutcomeBadge';
import './history.css';

function OrderRow({ order, zone, onOpen }: { order: BetOrder; zone: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(order);
  return (
    <button
      type="button"
      className="l28-surface hist-row"
      onClick={onOpen}
      data-testid="order-row"
      data-order={order.orderNo}
      data-issue={order.issue}
      data-play-type={order.play_type}
    >
      <div className="hist-row-main">
        <div className="hist-row-top">
          <span className="hist-game">
            {order.legacy && (
              <em className="hist-legacy-tag" data-testid="order-legacy">
                {t('betHistory.legacy')}
              </em>
            )}
            {order.name} · {order.plan_name}
          </span>
          <OutcomeBadge outcome={outcome} />
        </div>
        <div className="hist-row-mid">
          <span className="hist-method">{order.play_method}</span>
          <span className="hist-amount">{order.quantity} u</span>
          <span className={`hist-profit hist-profit-${outcome}`} data-testid="order-profit">
            {order.status === 0 || order.profit === null ? '----' : `${order.profit.startsWith('-') ? '' : '+'}${order.profit}`}
          </span>
        </div>
        <div className="hist-row-bottom">
          <span>{t('betHistory.issue', { issue: order.issue })}</span>
          <span>{formatInZone(order.createtime, zone, order.legacy ? 'YYYY-MM-DD HH:mm' : 'MM-DD HH:mm:ss')}</span>
        </div>
        <AppliedOdds order={order} variant="row" />
      </div>
      <RightOutline className="hist-arrow" />
    </button>
  );
}

/** /betRecord (docs/product.md#money-and-history-screens): the bet history with a date filter drawer, pull-to-refresh and rows that open /betDetail. */
export function BetRecordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>({ begin: '', end: '' });
  const orders = useOrders(range);
  const list = orders.data ?? [];
  const totals = useOrderTotals(
    range,
    list.some((o) => o.status === 0),
  ).data;
  const zone = useOperatorZone();
  return (
    <Page
      title={t('routes.betRecord')}
      className="hist"
      right={<DateRangeFilter value={range} onApply={setRange} i18nPrefix="betHistory" classPrefix="hist" />}
    >
      <ListRefresh onRefresh={() => orders.refetch()}>
        <DateRangeBar value={range} onApply={setRange} className="hist-range" count={t('betHistory.count', { count: list.length })} />
        {totals && (
          <div className="hist-totals" data-testid="bet-totals">
            <span>{t('betHistory.totalStake', { amount: totals.stake })}</span>
            <span>{t('betHistory.totalPayout', { amount: totals.payout })}</span>
            <span className={totals.result.startsWith('-') ? 'hist-profit-lose' : Number(totals.result) > 0 ? 'hist-profit-win' : ''}>
              {t('betHistory.totalResult', { amount: `${Number(totals.result) > 0 ? '+' : ''}${totals.result}` })}
            </span>
            {list.some((o) => o.legacy) && <span className="hist-legacy-note">{t('betHistory.legacyNotInTotals')}</span>}
          </div>
        )}
        {orders.isLoading && <Skeleton.Paragraph lineCount={8} animated className="hist-skeleton" />}
        {orders.isError && !orders.data && <ErrorBlock status="disconnected" title={t('common.failed')} description={orders.error.message} />}
        {orders.data && list.length === 0 && <ErrorBlock status="empty" title={t('betHistory.empty')} description="" className="hist-empty" />}
        <div className="hist-list">
          {list.map((o) => (
            <OrderRow key={`${o.legacy ? 'old' : 'new'}-${o.orderNo}`} order={o} zone={zone} onOpen={() => navigate(betDetailHref(o.orderNo))} />
          ))}
        </div>
      </ListRefresh>
    </Page>
  );
}
