import { EyeOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Article } from '../api/news';
import { articlePath } from '../model/articleRef';
import { ArticleDate } from './ArticleDate';

/** One article in a list: title, date and real view count; opens /aticleDetail. */
export function ArticleRow({ article }: { article: Article }) {
  const { t } = useTranslation();
  return (
    <Link to={articlePath(article)} className="news-row" data-testid="news-item" data-article-id={article.id}>
      <span className="news-row-title">{article.title}</span>
      <span className="news-row-meta">
        <ArticleDate time={article.createtime} />
        <span aria-label={t('news.views')}>
          <EyeOutline /> {article.views}
        </span>
      </span>
      <RightOutline className="news-row-arrow" aria-hidden />
    </Link>
  );
}
