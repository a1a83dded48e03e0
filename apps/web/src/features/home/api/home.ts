import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export interface Banner {
  id: number;
  image: string;
  link: string | null;
}

export interface HomeContent {
  banner: Banner[];
}

/** GET /api/index/index: the home banners. */
export const getHome = () => apiGet<HomeContent>('/api/index/index');

export const homeQueryOptions = () => queryOptions({ queryKey: ['home'] as const, queryFn: getHome, staleTime: 5 * 60_000 });

export const useHome = () => useQuery(homeQueryOptions());
