/**
 * A room's bettable class as normalised from its `oddsList` (the room's bet panel and the rules
 * pages read the same numbers).
 */
import { parseMoney, type Cents } from '@lucky28/shared/money';
import type { OddsEntry } from './api/lottery';

export interface OddsClass {
  classId: number;
  /** Localised by the server (`class_name`). */
  name: string;
  /** Decimal odds including the stake, hundredths (2.0x = 200). */
  odds: number;
  /** Odds paid instead when the total is 13 or 14, hundredths; null = none. */
  oddsSpecial: number | null;
  /** Stake limits, cents. */
  minStake: Cents;
  maxStake: Cents;
  /** Return to player with the room's odds, percent, as the server computes it (absent where not sent). */
  rtp?: string;
}

/** Normalises an `oddsList` entry (decimal strings); null when it cannot be read (it is then not offered). */
export function toOddsClass(e: Omit<OddsEntry, 'rtp'> & { rtp?: string }): OddsClass | null {
  const odds = parseMoney(e.odds);
  const special = e.odds_special === null ? null : parseMoney(e.odds_special);
  const minStake = parseMoney(e.min);
  const maxStake = parseMoney(e.max);
  if (odds === null || minStake === null || maxStake === null || (e.odds_special !== null && special === null)) return null;
  return { classId: e.class, name: e.class_name, odds, oddsSpecial: special, minStake, maxStake, ...(e.rtp ? { rtp: e.rtp } : {}) };
}
