import { ErrorBlock, InfiniteScroll, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { LoadError } from '../../../components/LoadError';
import { useOperatorZone } from '../../../hooks/useOperatorZone';
import { formatInZone, ZONED_MINUTE } from '../../../lib/operatorTime';
import { useNotices, type NoticeType } from '../api/notice';
import { noticeLink } from '../model/noticeLinks';
import './notice.css';

function NoticeTab({ type }: { type: NoticeType }) {
  const { t } = useTranslation();
  const notices = useNotices(type);
  const zone = useOperatorZone();
  const list = notices.data?.pages.flatMap((p) => p.list) ?? [];
  if (notices.isError && !notices.data) return <LoadError error={notices.error} onRetry={() => void notices.refetch()} />;
  if (notices.isFetched && list.length === 0) {
    return <ErrorBlock status="empty" title={t('notice.nothing')} description="" data-testid={`notice-empty-${type}`} />;
  }
  return (
    <ul className="notice-list" data-testid={`notice-list-${type}`}>
      {list.map((n) => {
        const link = noticeLink(n);
        return (
          <li key={n.id} className={`notice-item ${n.read ? '' : 'unread'}`} data-testid="notice-item">
            <div className="notice-head">
              {!n.read && <span className="notice-dot" aria-label={t('notice.unread')} />}
              <strong>{n.title}</strong>
              <time dateTime={new Date(n.createtime * 1000).toISOString()} data-testid="notice-time">
                {formatInZone(n.createtime, zone, ZONED_MINUTE)}
              </time>
            </div>
            <p className="notice-body">{n.content}</p>
            {link && (
              <Link to={link} className="notice-link" data-testid="notice-fair-link">
                {t('notice.fairLink')}
              </Link>
            )}
          </li>
        );
      })}
      <InfiniteScroll
        hasMore={notices.hasNextPage || !notices.isFetched}
        loadMore={async () => {
          if (notices.isFetched) await notices.fetchNextPage();
        }}
      >
        {(hasMore) => (hasMore ? t('common.loading') : '')}
      </InfiniteScroll>
    </ul>
  );
}

/**
 * /notice (docs/product.md#account-screens): station messages to this player and platform announcements;
 * "nothing" when empty; a streak alert with its link to the fairness page.
 */
export function NoticeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') === 'platform' ? 'platform' : 'station';
  return (
    <Page title={t('routes.notice')} backFallback="/personal">
      <Tabs activeKey={active} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab key="station" title={t('notice.station')}>
          <NoticeTab type={1} />
        </Tabs.Tab>
        <Tabs.Tab key="platform" title={t('notice.platform')}>
          <NoticeTab type={2} />
        </Tabs.Tab>
      </Tabs>
    </Page>
  );
}
