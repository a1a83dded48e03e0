import type { OrderRow } from '@lucky28/shared/schemas';

/**
 * Bet orders as `user/orderList` and `user/orderDetail` answer them (docs/product.md#entities-and-their-fields). An order is the part of the server's answer (`OrderRow`) these screens show: status 0
 * awaits the draw, 1 settled; `whether_hit` 1 made a profit; `lottery_code` "d1 d2 d3 total" once drawn.
 */
export type BetOrder = Pick<
  OrderRow,
  'orderNo' | 'plan_name' | 'play_method' | 'quantity' | 'status' | 'profit' | 'whether_hit' | 'createtime' | 'lottery_code' | 'issue' | 'name'
> &
  Partial<Pick<OrderRow, 'play_type' | 'game_id' | 'odds' | 'payout' | 'odds_special' | 'applied_odds' | 'legacy'>>;

/** The link to one order's detail: its number only; the screen reads the order from the server. */
export const betDetailHref = (orderNo: string) => `/betDetail?${new URLSearchParams({ orderNo }).toString()}`;

export type OrderOutcome = 'pending' | 'win' | 'lose' | 'cancelled';

/** Status −1 only on a bet from before the move (the previous site cancelled it); ours are never cancelled. */
export function outcomeOf(o: Pick<BetOrder, 'status' | 'whether_hit'>): OrderOutcome {
  if (o.status === -1) return 'cancelled';
  if (o.status !== 1) return 'pending';
  return o.whether_hit === 1 ? 'win' : 'lose';
}

/** The open result in four parts (three numbers and the total), split on whitespace; null when not drawn. */
export function openResultParts(code: string | null | undefined): [string, string, string, string] | null {
  const parts = (code ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 4) return null;
  return [parts[0]!, parts[1]!, parts[2]!, parts[3]!];
}
