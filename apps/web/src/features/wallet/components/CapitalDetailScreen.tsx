import { useState } from 'react';
import { CapsuleTabs, ErrorBlock, Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeBar, DateRangeFilter } from '../../../components/DateRangeFilter';
import { ListRefresh } from '../../../components/ListRefresh';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone } from '../../../lib/operatorTime';
import { LoadError } from '../../../components/LoadError';
import { Page } from '../../../components/Page';
import { useLedger, type LedgerEntry, type LedgerFilter } from '../api/wallet';
import { LEDGER_TYPES, LEDGER_TYPE_KEYS, gameKeyOf, isAdjustment, isRefund, isReward, statusKeyOf } from '../model/ledger';
import './wallet.css';

function LedgerRow({ entry, zone }: { entry: LedgerEntry; zone: string }) {
  const { t } = useTranslation();
  const status = statusKeyOf(entry);
  const game = gameKeyOf(entry.gorct);
  const negative = entry.quantity.startsWith('-');
  const typeKey = LEDGER_TYPE_KEYS[entry.type];
  return (
    <li className="ledger-row" data-testid="ledger-row" data-type={entry.type} data-status={entry.status}>
      <div className="ledger-row-main">
        <span className="ledger-type">
          {typeKey ? t(`wallet.ledger.types.${typeKey}`) : entry.type}
          {isRefund(entry) && <em className="ledger-tag">{t('wallet.ledger.refund')}</em>}
          {entry.wallet === 'score' && <em className="ledger-tag">{t('wallet.storedFunds')}</em>}
          {entry.legacy && (
            <em className="ledger-tag ledger-tag-legacy" data-testid="ledger-legacy">
              {t('wallet.ledger.legacy')}
            </em>
          )}
        </span>
        <span className="ledger-meta">
          {isReward(entry) && entry.memo ? <span data-testid="ledger-campaign">{entry.memo} · </span> : null}
          {isAdjustment(entry) && entry.memo ? <span data-testid="ledger-adjustment-text">{entry.memo} · </span> : null}
          {game ? `${t(`games.${game}`)} · ` : ''}
          {formatInZone(entry.createtime, zone)}
        </span>
      </div>
      <div className="ledger-row-side">
        <span className={`ledger-quantity ${negative ? 'amount-down' : 'amount-up'}`} data-testid="ledger-quantity">
          {negative ? entry.quantity : `+${entry.quantity}`}
        </span>
        {status && (
          <span className={`ledger-status ledger-status-${status}`} data-testid="ledger-status">
            {t(`wallet.ledger.status.${status}`)}
          </span>
        )}
        <span className="ledger-over">
          {!entry.applied
            ? t('wallet.ledger.notCredited')
            : entry.legacy
              ? t('wallet.ledger.cashAfter', { over: entry.over })
              : t('wallet.ledger.over', { over: entry.over })}
        </span>
      </div>
    </li>
  );
}

const typeFromQuery = (value: string | null): number | undefined =>
  value !== null && /^\d{1,2}$/.test(value) && LEDGER_TYPES.includes(Number(value) as (typeof LEDGER_TYPES)[number]) ? Number(value) : undefined;

/**
 * /capitalDetail (docs/product.md#money-and-history-screens): the fund ledger, filterable by date range (a drawer, default today) and
 * by type (all, recharge, withdraw, purchase, profit, gift, commission, rewards, a moved balance, an adjustment), with pull-to-refresh and an empty state.
 */
export function CapitalDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<LedgerFilter>({ begin: '', end: '', type: typeFromQuery(params.get('type')) });
  const ledger = useLedger(filter);
  const rows = ledger.data ?? [];
  const zone = useOperatorZone();
  const applyRange = (range: { begin: string; end: string }) => setFilter((f) => ({ ...f, ...range }));

  return (
    <Page
      title={t('routes.capitalDetail')}
      backFallback="/personal"
      className="wallet"
      right={<DateRangeFilter value={filter} onApply={applyRange} i18nPrefix="wallet.ledger" classPrefix="wallet" testId="ledger-filter" />}
    >
      <ListRefresh onRefresh={() => ledger.refetch()}>
        <CapsuleTabs
          className="ledger-tabs"
          activeKey={filter.type === undefined ? 'all' : String(filter.type)}
          onChange={(k) => setFilter((f) => ({ ...f, type: k === 'all' ? undefined : Number(k) }))}
        >
          {LEDGER_TYPES.map((type) => (
            <CapsuleTabs.Tab
              key={type === undefined ? 'all' : String(type)}
              title={t(`wallet.ledger.types.${type === undefined ? 'all' : LEDGER_TYPE_KEYS[type]}`)}
            />
          ))}
        </CapsuleTabs>
        <DateRangeBar value={filter} onApply={applyRange} className="ledger-range" count={t('wallet.ledger.count', { count: rows.length })} />
        {ledger.isLoading && <Skeleton.Paragraph lineCount={8} animated className="page-skeleton" />}
        {ledger.isError && !ledger.data && <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />}
        {ledger.data && rows.length === 0 && (
          <ErrorBlock
            status="empty"
            image={<FileOutline className="ledger-empty-icon" />}
            title={t('wallet.ledger.empty')}
            description=""
            className="ledger-empty"
            data-testid="ledger-empty"
          />
        )}
        <ul className="ledger-list">
          {rows.map((entry) => (
            <LedgerRow key={`${entry.legacy ? 'old' : 'new'}-${entry.id}`} entry={entry} zone={zone} />
          ))}
        </ul>
      </ListRefresh>
    </Page>
  );
}
