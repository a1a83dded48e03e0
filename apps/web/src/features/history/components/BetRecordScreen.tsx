import { useState } from 'react';
import { ErrorBlock, PullToRefresh, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateRangeFilter, dateRangeLabel } from '../../../components/DateRangeFilter';
import { Page } from '../../../components/Page';
import { useOrders, type DateRange } from '../api/orders';
import { outcomeOf, type BetOrder } from '../model/order';
import { OutcomeBadge } from './OutcomeBadge';
import './history.css';

function OrderRow({ order, onOpen }: { order: BetOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(order);
  return (
    <button type="button" className="hist-row" onClick={onOpen} data-testid="order-row" data-order={order.orderNo} data-issue={order.issue} data-play-type={order.play_type}>
      <div className="hist-row-main">
        <div className="hist-row-top">
          <span className="hist-game">
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
          <span>{dayjs.unix(order.createtime).format('MM-DD HH:mm:ss')}</span>
        </div>
      </div>
      <RightOutline className="hist-arrow" />
    </button>
  );
}

/** /betRecord (spec §2.10): the bet history with a date filter drawer, pull-to-refresh and rows that open /betDetail. */
export function BetRecordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>({ begin: '', end: '' });
  const orders = useOrders(range);
  const list = orders.data ?? [];
  const label = dateRangeLabel(range, t('betHistory.today'));
  return (
    <Page
      title={t('routes.betRecord')}
      className="hist"
      right={<DateRangeFilter value={range} onApply={setRange} i18nPrefix="betHistory" classPrefix="hist" />}
    >
      <div className="hist-range">
        <span>{label}</span>
        <span>{t('betHistory.count', { count: list.length })}</span>
      </div>
      <PullToRefresh onRefresh={async () => void (await orders.refetch())}>
        {orders.isLoading && <Skeleton.Paragraph lineCount={8} animated className="hist-skeleton" />}
        {orders.isError && !orders.data && <ErrorBlock status="disconnected" title={t('common.failed')} description={orders.error.message} />}
        {orders.data && list.length === 0 && <ErrorBlock status="empty" title={t('betHistory.empty')} description="" className="hist-empty" />}
        <div className="hist-list">
          {list.map((o) => (
            <OrderRow key={o.orderNo} order={o} onOpen={() => navigate(`/betDetail?item=${encodeURIComponent(JSON.stringify(o))}`)} />
          ))}
        </div>
      </PullToRefresh>
    </Page>
  );
}
