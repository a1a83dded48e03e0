import { gameCode } from '@lucky28/shared/game';

/** Ledger types (docs/design.md#ledger-types) in the order of the type filter; undefined = all. 5 the referral commission, 6–10 rewards, 11 a balance moved from the previous site, 12 an operator's balance adjustment, 13 a red-packet share. */
export const LEDGER_TYPES = [undefined, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** Each type's text key, by type number. */
export const LEDGER_TYPE_KEYS: readonly (string | undefined)[] = [
  'recharge',
  'withdraw',
  'purchase',
  'profit',
  'gift',
  'commission',
  'rakeback',
  'firstDepositBonus',
  'checkIn',
  'bonusRelease',
  'bonusForfeit',
  'importOpening',
  'adjustment',
  'redPacket',
];

/** A ledger row's region code (docs/product.md#states-and-transitions, `gorct`) to the game key of the `games` texts. */
export const gameKeyOf = (gorct: number): string | undefined => gameCode(gorct);

/** Review status shown for deposits, withdrawals and balance adjustments (a debit held for a second operator is pending); bets and payouts are always passed. */
export function statusKeyOf(entry: { type: number; status: number }): 'pending' | 'passed' | 'rejected' | null {
  if (entry.type !== 0 && entry.type !== 1 && !isAdjustment(entry)) return null;
  return entry.status === 0 ? 'pending' : entry.status === 2 ? 'rejected' : 'passed';
}

/** A withdrawal's refund: a positive withdraw row. */
export const isRefund = (entry: { type: number; quantity: string }) => entry.type === 1 && !entry.quantity.startsWith('-');

/** A reward's row (types 6–10, a forfeited bonus too): its memo names the campaign it was paid by. */
export const isReward = (entry: { type: number }) => entry.type >= 6 && entry.type <= 10;

/** An operator's balance adjustment (type 12): its memo is the public text the operator wrote for the player. */
export const isAdjustment = (entry: { type: number }) => entry.type === 12;
