/** Ledger types (spec §4) in the order of the type filter; undefined = all. */
export const LEDGER_TYPES = [undefined, 0, 1, 2, 3, 4] as const;
export const LEDGER_TYPE_KEYS = ['recharge', 'withdraw', 'purchase', 'profit', 'gift'] as const;

/** Region codes (spec §4) to the game keys of the `games` texts. */
const GAME_BY_REGION: Record<number, string> = { 7: 'us', 6: 'eu', 5: 'kr', 2: 'au', 1: 'ca' };
export const gameKeyOf = (gorct: number): string | undefined => GAME_BY_REGION[gorct];

/** Review status shown for deposits and withdrawals (bets and payouts are always passed). */
export function statusKeyOf(entry: { type: number; status: number }): 'pending' | 'passed' | 'rejected' | null {
  if (entry.type !== 0 && entry.type !== 1) return null;
  return entry.status === 0 ? 'pending' : entry.status === 2 ? 'rejected' : 'passed';
}

/** A withdrawal's refund: a positive withdraw row. */
export const isRefund = (entry: { type: number; quantity: string }) => entry.type === 1 && !entry.quantity.startsWith('-');
