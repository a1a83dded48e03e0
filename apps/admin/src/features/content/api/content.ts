import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement, AdminArticle, AdminBanner, AdminTab } from '@lucky28/shared/schemas';
import type { CallRef } from '@lucky28/shared/api';
import * as api from '@lucky28/shared/api/refs';
import { call, upload } from '../../../lib/api';

export type { AdminAnnouncement, AdminArticle, AdminBanner, AdminTab };
export const CONTENT_LANGS = ['zh', 'tw', 'en', 'vi'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];
export type Localized = Record<ContentLang, string>;

export const useBanners = () => useQuery({ queryKey: ['content', 'banners'], queryFn: () => call(api.admin.bannerList) });
export const useTabs = () => useQuery({ queryKey: ['content', 'tabs'], queryFn: () => call(api.admin.articleTabList) });
export const useArticles = (filter: { tab_id?: number; language?: ContentLang; page: number }) =>
  useQuery({ queryKey: ['content', 'articles', filter], queryFn: () => call(api.admin.articleList, { ...filter, limit: 20 }) });
export const useAnnouncements = () => useQuery({ queryKey: ['content', 'announcements'], queryFn: () => call(api.admin.announcementList) });

/** An image for a banner or an article: answers its public address. */
export const uploadContentImage = async (file: File) => (await upload(api.admin.contentImageUpload, file)).url;

/**
 * A content change (a save, a delete, the banners' order); every list of the content screens is
 * refreshed after it. The form's values go as typed: the server parses them itself.
 */
export function useContentChange<V>(ref: CallRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => call(ref, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['content'] }),
  });
}
