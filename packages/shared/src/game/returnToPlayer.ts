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
function winsOf(classId: number): { plain: number; middle: number } {
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
  const { plain, middle } = winsOf(classId);
  return plain * odds.odds + middle * (odds.oddsSpecial ?? odds.odds);
}

/** e.g. 0.97 for big at the default odds. */
export function returnToPlayer(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): number {
  return paidOverAllTriples(classId, odds) / (TRIPLES.length * 100);
}

/** Whether these odds leave the house an edge (RTP strictly below 100%), as the console requires. */
export function isHouseFavourable(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): boolean {
  return paidOverAllTriples(classId, odds) < TRIPLES.length * 100;
}
