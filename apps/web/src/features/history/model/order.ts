import type { OrderRow } from '@lucky28/shared/schemas';

/**
 * Bet orders as `user/orderList` answers them (spec §3) and the bet detail's reading of its `item`
 * query parameter (spec §2.10): a missing item is a "parameter error", an unreadable one a "data
 * format error". An order is the part of the server's answer (`OrderRow`) these screens show: status 0
 * awaits the draw, 1 settled; `whether_hit` 1 made a profit; `lottery_code` "d1 d2 d3 total" once drawn.
 */
export type BetOrder = Pick<
  OrderRow,
  'orderNo' | 'plan_name' | 'play_method' | 'quantity' | 'status' | 'profit' | 'whether_hit' | 'createtime' | 'lottery_code' | 'issue' | 'name'
> &
  Partial<Pick<OrderRow, 'play_type' | 'game_id' | 'odds' | 'payout' | 'odds_special' | 'applied_odds'>>;

export type OrderOutcome = 'pending' | 'win' | 'lose';

export function outcomeOf(o: Pick<BetOrder, 'status' | 'whether_hit'>): OrderOutcome {
  if (o.status !== 1) return 'pending';
  return o.whether_hit === 1 ? 'win' : 'lose';
}

/** The open result in four parts (three numbers and the total), split on whitespace; null when not drawn. */
export function openResultParts(code: string | null | undefined): [string, string, string, string] | null {
  const parts = (code ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 4) return null;
  return [parts[0]!, parts[1]!, parts[2]!, parts[3]!];
}

export type ParsedItem = { ok: true; order: BetOrder } | { ok: false; error: 'betHistory.paramError' | 'betHistory.formatError' };

const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function parseOrderItem(raw: string | null): ParsedItem {
  if (raw === null || raw.trim() === '') return { ok: false, error: 'betHistory.paramError' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'betHistory.formatError' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'betHistory.formatError' };
  const o = value as Record<string, unknown>;
  if (!isStr(o.orderNo) || !isStr(o.quantity) || !isNum(o.status) || !isNum(o.createtime)) {
    return { ok: false, error: 'betHistory.formatError' };
  }
  return {
    ok: true,
    order: {
      orderNo: o.orderNo,
      plan_name: isStr(o.plan_name) ? o.plan_name : '',
      play_method: isStr(o.play_method) ? o.play_method : '',
      play_type: isNum(o.play_type) ? o.play_type : undefined,
      quantity: o.quantity,
      status: o.status,
      profit: isStr(o.profit) ? o.profit : null,
      whether_hit: isNum(o.whether_hit) ? o.whether_hit : null,
      createtime: o.createtime,
      lottery_code: isStr(o.lottery_code) ? o.lottery_code : '',
      issue: isStr(o.issue) ? o.issue : String(o.issue ?? ''),
      name: isStr(o.name) ? o.name : '',
      game_id: isNum(o.game_id) ? o.game_id : undefined,
      odds: isStr(o.odds) ? o.odds : undefined,
      payout: isStr(o.payout) ? o.payout : null,
      odds_special: isStr(o.odds_special) ? o.odds_special : null,
      applied_odds: isStr(o.applied_odds) ? o.applied_odds : null,
    },
  };
}
