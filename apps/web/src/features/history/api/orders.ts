import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as api from '@lucky28/shared/api/refs';
import { call } from '../../../lib/api';

export interface DateRange {
  /** "YYYY-MM-DD"; empty = today (docs/product.md#validation-rules). */
  begin: string;
  end: string;
}

/** `user/orderList` for a date range; refreshed every 5 s while an order awaits its draw. */
export function useOrders(range: DateRange) {
  return useQuery({
    queryKey: ['user', 'orderList', range.begin, range.end] as const,
    queryFn: ({ signal }) => call(api.user.orderList, { begin_date: range.begin, end_date: range.end }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.some((o) => o.status === 0) ? 5000 : false),
    refetchIntervalInBackground: false,
  });
}

/** `user/orderTotals`: the period's total stake, payout and result, refreshed with the list. */
export function useOrderTotals(range: DateRange, pending: boolean) {
  return useQuery({
    queryKey: ['user', 'orderTotals', range.begin, range.end] as const,
    queryFn: ({ signal }) => call(api.protection.orderTotals, { begin_date: range.begin, end_date: range.end }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: pending ? 5000 : false,
    refetchIntervalInBackground: false,
  });
}

/**
 * `user/orderDetail`: one of the player's own bets, as the server has it now; read again every 5 s
 * while it awaits its draw (as the list is), so the screen turns to the result by itself.
 */
export function useOrderDetail(orderNo: string) {
  return useQuery({
    queryKey: ['user', 'orderDetail', orderNo] as const,
    queryFn: ({ signal }) => call(api.user.orderDetail, { order_no: orderNo }, { signal }),
    enabled: orderNo !== '',
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 0 ? 5000 : false),
    refetchIntervalInBackground: false,
  });
}
