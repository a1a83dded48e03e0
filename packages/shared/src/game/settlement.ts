/**
 * Settlement of one order against one draw, in integer cents (docs/design.md#settlement, invariant I6):
 * a winning order pays stake × odds / 100 rounded down to the cent, where the odds are those stored
 * on the order — its special odds when it has them and the total is 13 or 14.
 */
import type { Cents } from '../money.js';
import { classWins } from './betClasses.js';
import { totalOf, type Digits } from './draw.js';
import { isMiddleTotal } from './patterns.js';

export interface SettleableOrder {
  playType: number;
  /** Stake, cents. */
  amount: Cents;
  /** Odds stored on the order, hundredths. */
  odds: number;
  oddsSpecial: number | null;
}

export interface Settlement {
  /** The class's condition is met (the order is paid something). */
  hit: boolean;
  /** The odds applied (hundredths); 0 when the order lost. */
  appliedOdds: number;
  /** What the player receives, cents (0 when lost; the stake itself on a stake-back). */
  payout: Cents;
  /** payout − stake, cents. */
  profit: Cents;
  /** Spec `whether_hit`: 1 when the order made a profit, 0 otherwise ("not profitable"). */
  whetherHit: 0 | 1;
}

/** Payout in cents for a stake at the given odds (hundredths), rounded down. */
export function payoutFor(stake: Cents, oddsHundredths: number): Cents {
  if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError(`bad stake ${stake}`);
  if (!Number.isSafeInteger(oddsHundredths) || oddsHundredths < 0) throw new RangeError(`bad odds ${oddsHundredths}`);
  return Math.floor((stake * oddsHundredths) / 100);
}

/** The odds (hundredths) an order of class `playType` is paid at on these digits, 0 if it loses. */
export function appliedOdds(order: Omit<SettleableOrder, 'amount'>, digits: Digits): number {
  if (!classWins(order.playType, digits)) return 0;
  if (order.oddsSpecial !== null && isMiddleTotal(totalOf(digits))) return order.oddsSpecial;
  return order.odds;
}

export function settleOrder(order: SettleableOrder, digits: Digits): Settlement {
  const odds = appliedOdds(order, digits);
  const payout = payoutFor(order.amount, odds);
  const profit = payout - order.amount;
  return { hit: odds > 0, appliedOdds: odds, payout, profit, whetherHit: profit > 0 ? 1 : 0 };
}
