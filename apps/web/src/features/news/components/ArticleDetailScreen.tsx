import { useEffect, useRef, useState } from 'react';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { LoadError } from '../../../components/LoadError';
import { useArticle, useCountView } from '../api/news';
import { readArticleRef } from '../model/articleRef';
import { ArticleDate } from './ArticleDate';
import { ArticleHtml } from './ArticleHtml';
import '../news.css';

/**
 * /aticleDetail (spec's spelling): title, date and the article's HTML through the allow-list renderer.
 * Opened with `?id=` (shareable) or the spec's `?news=<JSON>`; each opening counts one real view.
 */
export function ArticleDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = readArticleRef(params);
  const article = useArticle(ref?.id);
  const { mutate: countView } = useCountView();
  const counted = useRef<number | null>(null);
  const [views, setViews] = useState<number | null>(null);

  useEffect(() => {
    const id = ref?.id;
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    countView(id, { onSuccess: (r) => setViews(r.views) });
  }, [ref?.id, countView]);

  if (!ref) {
    return (
      <Page title={t('routes.articleDetail')} backFallback="/moreNews">
        <ErrorBlock status="empty" title={t('news.badLink')} description="" />
      </Page>
    );
  }
  const title = article.data?.title ?? ref.title;
  const html = article.data?.content ?? ref.content;
  const time = article.data?.createtime ?? ref.createtime;
  return (
    <Page title={t('routes.articleDetail')} backFallback="/moreNews">
      <article className="article">
        {title !== undefined ? (
          <h1 className="article-title" data-testid="article-title">
            {title}
          </h1>
        ) : (
          <Skeleton.Title animated />
        )}
        <p className="article-meta">
          {time !== undefined && <ArticleDate time={time} />}
          {(views ?? article.data?.views) !== undefined && (
            <span data-testid="article-views" aria-label={t('news.views')}>
              <EyeOutline /> {views ?? article.data?.views}
            </span>
          )}
        </p>
        {article.isError && !html ? (
          <LoadError error={article.error} onRetry={() => void article.refetch()} />
        ) : html !== undefined ? (
          <ArticleHtml html={html} />
        ) : (
          <Skeleton.Paragraph animated lineCount={6} />
        )}
      </article>
    </Page>
  );
}
