import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement, AdminArticle, AdminBanner, AdminTab } from '@lucky28/shared';
import { api, apiUpload } from '../../lib/api';

export type { AdminAnnouncement, AdminArticle, AdminBanner, AdminTab };
export const CONTENT_LANGS = ['zh', 'tw', 'en', 'vi'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];
export type Localized = Record<ContentLang, string>;

export const useBanners = () => useQuery({ queryKey: ['content', 'banners'], queryFn: () => api<AdminBanner[]>('bannerList') });
export const useTabs = () => useQuery({ queryKey: ['content', 'tabs'], queryFn: () => api<AdminTab[]>('articleTabList') });
export const useArticles = (filter: { tab_id?: number; language?: string; page: number }) =>
  useQuery({ queryKey: ['content', 'articles', filter], queryFn: () => api<{ total: number; list: AdminArticle[] }>('articleList', { ...filter, limit: 20 }) });
export const useAnnouncements = () => useQuery({ queryKey: ['content', 'announcements'], queryFn: () => api<AdminAnnouncement[]>('announcementList') });

/** An image for a banner or an article: answers its public address. */
export const uploadContentImage = async (file: File) => (await apiUpload<{ url: string }>('contentImageUpload', file)).url;

/** A content change; every list of the content screens is refreshed after it. */
export function useContentChange<V>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => api(call, body as Record<string, unknown>),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['content'] }),
  });
}
