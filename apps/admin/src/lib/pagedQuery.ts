import type { CallRef, InputOf } from '@lucky28/shared/api';
import { call } from './api';

/** A call that answers one page of a list and the size of the whole list. */
export type PagedCall = CallRef<{ page?: unknown; limit?: unknown }, { total: number; list: unknown[] }>;

/** One page of a paged list as a query: key `[call's name, params, page]`, so `[call's name, params]` refreshes every page. */
export const pagedQuery = <C extends PagedCall>(ref: C, params: Omit<InputOf<C>, 'page' | 'limit'>, page: number, pageSize = 20) => ({
  queryKey: [ref.name, params, page],
  queryFn: () => call(ref, { ...params, page, limit: pageSize } as InputOf<C>),
});
