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

/** e.g. 0.97 for big at the default odds. */
export function returnToPlayer(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): number {
  let sumHundredths = 0;
  for (const d of TRIPLES) sumHundredths += appliedOdds({ playType: classId, ...odds }, d);
  return sumHundredths / (TRIPLES.length * 100);
}

/** Whether these odds leave the house an edge (RTP strictly below 100%), as the console requires. */
export function isHouseFavourable(classId: number, odds: Pick<ClassOdds, 'odds' | 'oddsSpecial'>): boolean {
  let sumHundredths = 0;
  for (const d of TRIPLES) sumHundredths += appliedOdds({ playType: classId, ...odds }, d);
  return sumHundredths < TRIPLES.length * 100;
}
