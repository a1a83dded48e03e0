/**
 * Return to player of a class at given odds, assuming uniform independent digits: the mean payout
 * per unit staked over all 1,000 digit triples, computed exactly (no sampling).
 */
import type { Digits } from './draw.js';
import type { ClassOdds } from './odds.js';
import { appliedOdds } from './settlement.js';

/** All 1,000 digit triples 000 … 999. */
export function allDigitTriples(): Digits[] {
  const out: Digits[] = [];
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) out.push([a, b, c]);
  return out;
}

const TRIPLES = allDigitTriples();

/**
 * Of the 1,000 triples, how many a class wins at its odds and how many at its special odds (a middle
 * total, when the class has them): counted once per class, so that an RTP is two products, not
 * 1,000 settlements (the console shows one for every class of every room).
 */
const winCounts = new Map<number, { plain: number; middle: number }>();
export function winCountsOf(classId: number): { plain: number; middle: number } {
  let counts = winCounts.get(classId);
  if (!counts) {
    counts = { plain: 0, middle: 0 };
    for (const d of TRIPLES) {
      counts.plain += appliedOdds({ playType: classId, odds: 1, oddsSpecial: 0 }, d);
      counts.middle += appliedOdds({ playType: classId, odds: 0, oddsSpecial: 1 }, d);
    }
    winCounts.set(classId, counts);
  }
  return counts;
}

/** The sum of the odds paid over all 1,000 triples, in hundredths (exactly what settling each one would pay). */
function paidOverAllTriples(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): number {
  const { plain, middle } = winCountsOf(classId);
  return plain * odds.odds + middle * (odds.oddsSpecial ?? odds.odds);
}

/** The sum of the odds over all triples when a class pays exactly its stake back: 1,000 triples × 1.00. */
export const EVEN_MONEY_PAID = 1_000 * 100;

/**
 * The theoretical house edge of one stake, in cents × EVEN_MONEY_PAID (exact integers): stake × (1 − RTP of
 * its class at the odds it was placed with). The base of commissions and rakeback: the same whether the bet
 * won or lost, and a hedged pair (big and small) earns no more than its two stakes' edges. Never negative.
 */
export function houseEdgeScaled(order: { playType: number; amount: number; odds: number; oddsSpecial: number | null }): number {
  return order.amount * Math.max(0, EVEN_MONEY_PAID - paidOverAllTriples(order.playType, order));
}

/** e.g. 0.97 for big at the default odds. */
export function returnToPlayer(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): number {
  return paidOverAllTriples(classId, odds) / (TRIPLES.length * 100);
}

/** Whether these odds leave the house an edge (RTP strictly below 100%), as the console requires. */
export function isHouseFavourable(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): boolean {
  return paidOverAllTriples(classId, odds) < TRIPLES.length * 100;
}
