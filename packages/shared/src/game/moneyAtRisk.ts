/**
 * Money at risk (issue 42): what a player's stakes in one round can actually lose — the stakes less the
 * smallest payout over the 1,000 digit triples, as the round monitor enumerates them. A hedge (big and
 * small, every total) risks little or nothing however much it stakes, so counting this instead of the gross
 * stakes means hedging cannot climb a rakeback tier or wager a bonus through (docs/design.md, "Rewards").
 */
import type { Cents } from '../money.js';
import { isPair, isStraight, isTriple } from './patterns.js';
import { totalOf, type Digits } from './draw.js';
import { allDigitTriples } from './returnToPlayer.js';
import { appliedOdds, payoutFor, type SettleableOrder } from './settlement.js';

/**
 * One triple for each different way the 1,000 can pay: every class's result depends only on the total and
 * on whether the digits are a triple, a pair or a straight, so these few pay exactly as all 1,000 do.
 */
const DISTINCT_OUTCOMES: Digits[] = (() => {
  const seen = new Map<string, Digits>();
  for (const d of allDigitTriples()) {
    const key = `${totalOf(d)}:${isTriple(d)}:${isPair(d)}:${isStraight(d)}`;
    if (!seen.has(key)) seen.set(key, d);
  }
  return [...seen.values()];
})();

/**
 * The money at risk of one player's stakes in one round (every room of its game), in cents: stakes less the
 * smallest payout over every triple, never below 0. Stakes of one class at the same odds may come summed
 * (one line), the payout of a line rounded down to the cent as settlement rounds it.
 */
export function moneyAtRisk(lines: readonly SettleableOrder[]): Cents {
  if (lines.length === 0) return 0;
  const stakes = lines.reduce((s, l) => s + l.amount, 0);
  let smallest = Infinity;
  for (const digits of DISTINCT_OUTCOMES) {
    let paid = 0;
    for (const l of lines) paid += payoutFor(l.amount, appliedOdds(l, digits));
    if (paid < smallest) smallest = paid;
    if (smallest === 0) break;
  }
  return Math.max(0, stakes - smallest);
}
