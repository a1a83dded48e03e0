/**
 * The rules pages' tables, generated from a room's actual odds (its `oddsList`) and the shared
 * return-to-player function, so the text can never disagree with settlement (docs/design.md#settlement).
 */
import { betClass, formatOdds, isSumClassId, returnToPlayer } from '@lucky28/shared/game';
import { formatMoney } from '@lucky28/shared/money';
import type { OddsClass } from '../../../lib/oddsClass';

export interface RuleRow {
  classId: number;
  name: string;
  /** "2.00" */
  odds: string;
  /** "1.60" when the class pays other odds on 13 / 14, else null. */
  oddsSpecial: string | null;
  /** "10.00 – 5000.00" */
  limits: string;
  /** Return to player, percent with 2 decimals: "97.00". */
  rtp: string;
}

export type RuleGroup = 'sizeParity' | 'combo' | 'extreme' | 'pattern' | 'sum';

export function groupOf(classId: number): RuleGroup {
  if (isSumClassId(classId)) return 'sum';
  if (classId <= 4) return 'sizeParity';
  if (classId <= 14) return 'combo';
  if (classId <= 22) return 'extreme';
  return 'pattern';
}

/** RTP as a percent string with 2 decimals, computed exactly over all 1,000 digit triples. */
export function rtpPercent(c: Pick<OddsClass, 'classId' | 'odds' | 'oddsSpecial'>): string {
  const r = returnToPlayer(c.classId, { odds: c.odds, oddsSpecial: c.oddsSpecial });
  return (Math.round(r * 10000) / 100).toFixed(2);
}

export function ruleRow(c: OddsClass): RuleRow {
  return {
    classId: c.classId,
    name: c.name,
    odds: formatOdds(c.odds),
    oddsSpecial: c.oddsSpecial === null ? null : formatOdds(c.oddsSpecial),
    limits: `${formatMoney(c.minStake)} – ${formatMoney(c.maxStake)}`,
    rtp: rtpPercent(c),
  };
}

/** Rows grouped in the order the rules page shows them; classes unknown to the shared rules are left out. */
export function ruleGroups(classes: readonly OddsClass[]): { group: RuleGroup; rows: RuleRow[] }[] {
  const order: RuleGroup[] = ['sizeParity', 'combo', 'extreme', 'pattern', 'sum'];
  const known = classes.filter((c) => betClass(c.classId) !== undefined).sort((a, b) => a.classId - b.classId);
  return order.map((group) => ({ group, rows: known.filter((c) => groupOf(c.classId) === group).map(ruleRow) })).filter((g) => g.rows.length > 0);
}

/** Range of RTP over a set of rows, for the summary line ("84.00% – 97.02%"). */
export function rtpRange(rows: readonly RuleRow[]): { min: string; max: string } | null {
  if (rows.length === 0) return null;
  const values = rows.map((r) => Number(r.rtp));
  return { min: Math.min(...values).toFixed(2), max: Math.max(...values).toFixed(2) };
}
