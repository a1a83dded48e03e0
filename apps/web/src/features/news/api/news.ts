import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { Article, ArticleList, ArticlePage } from '@lucky28/shared/schemas';
import { apiGet, apiPost } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';

export type { Article, ArticleList };

/** GET /api/index/articleList: hot topics and each tab's latest articles, in the reader's language. */
export const newsQueryOptions = () =>
  queryOptions({ queryKey: ['news', currentLanguage()] as const, queryFn: () => apiGet<ArticleList>('/api/index/articleList'), staleTime: 60_000 });
export const useNews = (enabled = true) => useQuery({ ...newsQueryOptions(), enabled });

export const NEWS_PAGE_SIZE = 10;

/** GET /api/index/articlePage: one tab, a page at a time (/moreNews' infinite scroll). */
export const newsPagesQueryOptions = (tabId: number) =>
  infiniteQueryOptions({
    queryKey: ['news', currentLanguage(), 'tab', tabId] as const,
    queryFn: ({ pageParam }) => apiGet<ArticlePage>('/api/index/articlePage', { tab_id: tabId, page: pageParam, limit: NEWS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * NEWS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
export const useNewsPages = (tabId: number) => useInfiniteQuery(newsPagesQueryOptions(tabId));

/** GET /api/index/articleDetail: one article by id (a shared /aticleDetail?id= link). */
export const useArticle = (id: number | undefined) =>
  useQuery({
    queryKey: ['news', 'article', id] as const,
    queryFn: () => apiGet<Article>('/api/index/articleDetail', { id }),
    enabled: id !== undefined,
  });

/** POST /api/index/articleView: counts one real view and answers the new count. */
export const useCountView = () => useMutation({ mutationFn: (id: number) => apiPost<{ views: number }>('/api/index/articleView', { id }) });
