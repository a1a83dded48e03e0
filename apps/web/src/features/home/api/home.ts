import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export type { Banner } from '@lucky28/shared/schemas';

/** `content.index`: the home banners. */
export const getHome = () => call(api.content.index);

export const homeQueryOptions = () => queryOptions({ queryKey: ['home'] as const, queryFn: getHome, staleTime: 5 * 60_000 });

export const useHome = () => useQuery(homeQueryOptions());
