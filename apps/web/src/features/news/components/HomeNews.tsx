import { useState } from 'react';
import { Skeleton } from 'antd-mobile';
import { FireFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { useNews } from '../api/news';
import { articlePath } from '../model/articleRef';
import { ArticleRow } from './ArticleRow';
import '../news.css';

const HOME_ROWS = 3;

/** Home's news (the news list of docs/product.md#game-screens): hot topics, then the article tabs; "more" opens /moreNews. */
export function HomeNews() {
  const { t } = useTranslation();
  const news = useNews();
  const [tab, setTab] = useState<number | null>(null);
  if (news.isError) return <LoadError error={news.error} onRetry={() => void news.refetch()} />;
  if (!news.data) return <Skeleton.Paragraph animated lineCount={5} />;
  const { tops, articleTabs } = news.data;
  const current = articleTabs.find((x) => x.id === tab) ?? articleTabs[0];
  return (
    <section className="home-news" aria-labelledby="home-news-title" data-testid="home-news">
      <header className="home-news-head">
        <h2 id="home-news-title">{t('news.title')}</h2>
        <Link to={`/moreNews${current ? `?tab=${current.id}` : ''}`} className="home-news-more">
          {t('news.more')}
        </Link>
      </header>
      {tops.length > 0 && (
        <ul className="news-tops" aria-label={t('news.hot')}>
          {tops.map((a) => (
            <li key={a.id}>
              <Link to={articlePath(a)} className="news-top" data-testid="news-top">
                <FireFill className="news-top-icon" aria-hidden />
                <span>{a.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {articleTabs.length > 0 && (
        <div className="news-tabs" role="tablist">
          {articleTabs.map((x) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              aria-selected={x.id === current?.id}
              className={x.id === current?.id ? 'active' : ''}
              onClick={() => setTab(x.id)}
            >
              {x.name}
            </button>
          ))}
        </div>
      )}
      <div role="tabpanel">
        {current?.articles.slice(0, HOME_ROWS).map((a) => (
          <ArticleRow key={a.id} article={a} />
        ))}
        {current && current.articles.length === 0 && <p className="news-empty">{t('news.empty')}</p>}
      </div>
    </section>
  );
}
