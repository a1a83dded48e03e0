import { useState } from 'react';
import { Button, DatePicker, ErrorBlock, Popup, PullToRefresh, Skeleton } from 'antd-mobile';
import { FilterOutline, RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { useOrders, type DateRange } from '../api/orders';
import { outcomeOf, type BetOrder } from '../model/order';
import { OutcomeBadge } from './OutcomeBadge';
import './history.css';

const MIN_DATE = new Date(2018, 0, 1);
const FORMAT = 'YYYY-MM-DD';

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="hist-date" onClick={() => setOpen(true)}>
        <span>{label}</span>
        <b>{value || t('betHistory.today')}</b>
      </button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        min={MIN_DATE}
        max={new Date()}
        value={value ? dayjs(value, FORMAT).toDate() : new Date()}
        onConfirm={(d) => onChange(dayjs(d).format(FORMAT))}
        title={label}
      />
    </>
  );
}

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
  const [draft, setDraft] = useState<DateRange>(range);
  const [drawer, setDrawer] = useState(false);
  const orders = useOrders(range);
  const list = orders.data ?? [];
  const label = range.begin || range.end ? `${range.begin || t('betHistory.today')} – ${range.end || t('betHistory.today')}` : t('betHistory.today');
  return (
    <Page
      title={t('routes.betRecord')}
      className="hist"
      right={
        <button
          type="button"
          className="icon-button"
          aria-label={t('betHistory.filter')}
          onClick={() => {
            setDraft(range);
            setDrawer(true);
          }}
        >
          <FilterOutline />
        </button>
      }
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
      <Popup visible={drawer} position="right" onMaskClick={() => setDrawer(false)} bodyClassName="hist-drawer">
        <h3>{t('betHistory.filter')}</h3>
        <DateField label={t('betHistory.begin')} value={draft.begin} onChange={(begin) => setDraft((d) => ({ ...d, begin }))} />
        <DateField label={t('betHistory.end')} value={draft.end} onChange={(end) => setDraft((d) => ({ ...d, end }))} />
        <div className="hist-drawer-actions">
          <Button block shape="rounded" onClick={() => setDraft({ begin: '', end: '' })}>
            {t('betHistory.reset')}
          </Button>
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => {
              setRange(draft);
              setDrawer(false);
            }}
          >
            {t('betHistory.confirm')}
          </Button>
        </div>
      </Popup>
    </Page>
  );
}
