import { useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';

/** `content.index`: the operators' banners in the reader's language (the activity centre shows them all). */
export const useActivityBanners = () =>
  useQuery({
    queryKey: ['banners', currentLanguage()] as const,
    queryFn: async () => (await call(api.content.index)).banner,
    staleTime: 60_000,
  });
