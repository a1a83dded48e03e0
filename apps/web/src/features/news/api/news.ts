import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';

export type { Article, ArticleList } from '@lucky28/shared/schemas';

/** `content.articleList`: hot topics and each tab's latest articles, in the reader's language. */
export const newsQueryOptions = () =>
  queryOptions({ queryKey: ['news', currentLanguage()] as const, queryFn: () => call(api.content.articleList), staleTime: 60_000 });
export const useNews = (enabled = true) => useQuery({ ...newsQueryOptions(), enabled });

export const NEWS_PAGE_SIZE = 10;

/** `content.articlePage`: one tab, a page at a time (/moreNews' infinite scroll). */
export const newsPagesQueryOptions = (tabId: number) =>
  infiniteQueryOptions({
    queryKey: ['news', currentLanguage(), 'tab', tabId] as const,
    queryFn: ({ pageParam }) => call(api.content.articlePage, { tab_id: tabId, page: pageParam, limit: NEWS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * NEWS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
export const useNewsPages = (tabId: number) => useInfiniteQuery(newsPagesQueryOptions(tabId));

/** `content.articleDetail`: one article by id (a shared /aticleDetail?id= link). */
export const useArticle = (id: number | undefined) =>
  useQuery({
    queryKey: ['news', 'article', id] as const,
    queryFn: () => call(api.content.articleDetail, { id: id! }),
    enabled: id !== undefined,
  });

/** `content.articleView`: counts one real view and answers the new count. */
export const useCountView = () => useMutation({ mutationFn: (id: number) => call(api.content.articleView, { id }) });
