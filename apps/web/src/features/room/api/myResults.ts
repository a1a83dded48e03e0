import { useQueries } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import type { OrderRow } from '@lucky28/shared/schemas';
import { call } from '../../../lib/api';

/**
 * The player's own orders of each drawn round they bet on in this room (`user/orderList` with
 * `issue`), asked once the round is drawn; asked again every 2 s until every order is settled.
 */
export function useMyRoundOrders(planId: number, issues: readonly string[]): Map<string, OrderRow[]> {
  return useQueries({
    queries: issues.map((issue) => ({
      queryKey: ['user', 'orderList', 'issue', issue] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => call(api.user.orderList, { issue }, { signal }),
      staleTime: Infinity,
      refetchInterval: (q: { state: { data?: OrderRow[] } }) => (q.state.data?.some((o) => o.status !== 1) ? 2000 : false),
      retry: 1,
    })),
    combine: (results) => {
      const byIssue = new Map<string, OrderRow[]>();
      results.forEach((r, i) => {
        if (r.data)
          byIssue.set(
            issues[i]!,
            r.data.filter((o) => o.plan_id === planId),
          );
      });
      return byIssue;
    },
  });
}
