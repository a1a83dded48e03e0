import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@lucky28/shared/schemas';
import { apiGet } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';

/** GET /api/index/index: the operators' banners in the reader's language (the activity centre shows them all). */
export const useActivityBanners = () =>
  useQuery({
    queryKey: ['banners', currentLanguage()] as const,
    queryFn: async () => (await apiGet<{ banner: Banner[] }>('/api/index/index')).banner,
    staleTime: 60_000,
  });
