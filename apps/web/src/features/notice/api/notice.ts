import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';

/** Notice tabs: 1 station messages (to this player), 2 platform announcements. */
export type NoticeType = 1 | 2;
const PAGE = 20;

/** `content.noticeUnread`: what the personal centre's badge counts. */
export const useNoticeUnread = (enabled = true) =>
  useQuery({ queryKey: ['notice', 'unread'] as const, queryFn: () => call(api.content.noticeUnread), enabled, staleTime: 0 });

/** `content.noticeList`: one tab, newest first, a page at a time; listing marks what it shows as read. */
export function useNotices(type: NoticeType) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: ['notice', 'list', type, currentLanguage()] as const,
    queryFn: async ({ pageParam }) => {
      const page = await call(api.content.noticeList, { type, page: pageParam, limit: PAGE });
      void client.invalidateQueries({ queryKey: ['notice', 'unread'] });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE < last.total ? pages.length + 1 : undefined),
    staleTime: 0,
  });
}
