import { InfiniteScroll, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { QueryBody } from '../../../components/QueryBody';
import { useNews, useNewsPages } from '../api/news';
import { ArticleRow } from './ArticleRow';
import '../news.css';

function TabArticles({ tabId }: { tabId: number }) {
  const { t } = useTranslation();
  const pages = useNewsPages(tabId);
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="news-list" data-testid={`news-tab-${tabId}`}>
      {list.map((a) => (
        <ArticleRow key={a.id} article={a} />
      ))}
      {pages.isFetched && list.length === 0 && <p className="news-empty">{t('news.empty')}</p>}
      <InfiniteScroll
        hasMore={pages.hasNextPage || !pages.isFetched}
        loadMore={async () => {
          if (pages.isFetched) await pages.fetchNextPage();
        }}
      >
        {(hasMore) => (hasMore ? t('common.loading') : list.length > 0 ? t('news.end') : '')}
      </InfiniteScroll>
    </div>
  );
}

/** /moreNews: every article by tab, loading more as the list scrolls. */
export function MoreNewsScreen() {
  const { t } = useTranslation();
  const news = useNews();
  const [params, setParams] = useSearchParams();
  return (
    <Page title={t('routes.moreNews')} className="more-news">
      <QueryBody query={news}>
        {({ articleTabs }) => {
          const active = articleTabs.find((x) => String(x.id) === params.get('tab'))?.id ?? articleTabs[0]?.id;
          return (
            <Tabs activeKey={active === undefined ? null : String(active)} onChange={(key) => setParams({ tab: key }, { replace: true })}>
              {articleTabs.map((x) => (
                <Tabs.Tab key={x.id} title={x.name}>
                  <TabArticles tabId={x.id} />
                </Tabs.Tab>
              ))}
            </Tabs>
          );
        }}
      </QueryBody>
    </Page>
  );
}
