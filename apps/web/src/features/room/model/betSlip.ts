/**
 * The betting panel's selection and totals (docs/product.md#validation-rules, #constants-and-game-rules; docs/design.md#bets-odds-and-settlement). Pure: the panel component
 * only renders this state. Classes, odds and limits come from the room's `oddsList`; the rules of
 * winning and paying stay in packages/shared. The picks are kept across the two tabs and no summed
 * odds are shown (docs/spec-differences.md): a slip is confirmed from the list of its bets (`slipLines`).
 */
import { formatMoney, parsePositiveMoney, type Cents } from '@lucky28/shared/money';
import { isSumClassId, payoutFor } from '@lucky28/shared/game';
import type { OddsClass } from '../../../lib/oddsClass';

export type PanelTab = 'base' | 'num';

/** Quick amounts in u (docs/product.md#constants-and-game-rules), plus a custom amount. */
export const QUICK_AMOUNTS = [5, 10, 50, 300, 500] as const;

/** "50.00" → "50", "12.50" → "12.5": an amount as a chip shows it. */
const chipText = (cents: Cents): string => formatMoney(cents).replace(/\.?0+$/, '');

/**
 * The quick amounts a room offers: none below the room's minimum stake (the
 * smallest minimum of its classes) or above its largest maximum; the minimum itself comes first when
 * it is not a quick amount, so there is always a chip that can be bet.
 */
export function offeredAmounts(classes: readonly OddsClass[]): string[] {
  if (classes.length === 0) return QUICK_AMOUNTS.map(String);
  const min = Math.min(...classes.map((c) => c.minStake));
  const max = Math.max(...classes.map((c) => c.maxStake));
  const quick = QUICK_AMOUNTS.map((a) => a * 100).filter((c) => c >= min && c <= max);
  return (quick[0] === min ? quick : [min, ...quick]).map(chipText);
}

/** The amount to open the panel with: the player's own when the room accepts it, else the room's smallest chip. */
export function amountForRoom(amount: string, offered: readonly string[]): string {
  const cents = parsePositiveMoney(amount);
  const min = parsePositiveMoney(offered[0] ?? '');
  if (min === null || (cents !== null && cents >= min)) return amount;
  return offered[0]!;
}

/** Selecting an item toggles it, keyed by class (docs/product.md#validation-rules). Returns a new array in class order of taps. */
export function toggleClass(selected: readonly number[], classId: number): number[] {
  return selected.includes(classId) ? selected.filter((c) => c !== classId) : [...selected, classId];
}

/** Total bet = amount × the number of selected items, cents; null while the amount is not valid. */
export function totalStake(amountText: string, selectedCount: number): Cents | null {
  const amount = parsePositiveMoney(amountText);
  if (amount === null) return null;
  return amount * selectedCount;
}

/** The tab a class belongs to: exact sums (100+) on the number tab. */
export const tabOfClass = (classId: number): PanelTab => (isSumClassId(classId) ? 'num' : 'base');

/** One bet of a slip as the confirmation lists it. */
export interface SlipLine {
  classId: number;
  name: string;
  tab: PanelTab;
  /** Hundredths. */
  odds: number;
  /** The odds paid instead on a total of 13 or 14, hundredths; null = none. */
  oddsSpecial: number | null;
  stake: Cents;
  /** What the bet pays if it wins (stake included), rounded down to the cent as settlement does. */
  payout: Cents;
  /** What it pays if it wins on a total of 13 or 14; null when its odds are the same there. */
  payoutSpecial: Cents | null;
}

/**
 * Every bet of the slip, classic ones first, each in the order the room lists it: its odds, its stake
 * and what it pays if it wins — each bet on its own, since bets of one round are settled one by one.
 */
export function slipLines(classes: readonly OddsClass[], selected: readonly number[], stake: Cents): SlipLine[] {
  const picked = new Set(selected);
  return classes
    .filter((c) => picked.has(c.classId))
    .sort((a, b) => Number(isSumClassId(a.classId)) - Number(isSumClassId(b.classId)))
    .map((c) => ({
      classId: c.classId,
      name: c.name,
      tab: tabOfClass(c.classId),
      odds: c.odds,
      oddsSpecial: c.oddsSpecial,
      stake,
      payout: payoutFor(stake, c.odds),
      payoutSpecial: c.oddsSpecial === null || c.oddsSpecial === c.odds ? null : payoutFor(stake, c.oddsSpecial),
    }));
}

/** How many of the picks are on a tab (shown on the tab, so picks on the other one are never out of mind). */
export const picksOnTab = (selected: readonly number[], tab: PanelTab): number => selected.filter((id) => tabOfClass(id) === tab).length;

export type SlipCheck =
  | { ok: true; amount: Cents; playTypes: number[] }
  | { ok: false; key: 'room.selectBet' | 'room.invalidAmount' | 'room.stakeOutOfRange'; params?: Record<string, string> };

/**
 * The checks of docs/product.md#validation-rules in order, each stopping at the first failure: a selection, then an amount
 * above 0, then (docs/design.md#placing-a-bet) each selected class's stake limits — the server checks all of these
 * again; checking here saves a round trip and names the class at fault.
 */
export function checkSlip(classes: readonly OddsClass[], selected: readonly number[], amountText: string): SlipCheck {
  if (selected.length === 0) return { ok: false, key: 'room.selectBet' };
  const amount = parsePositiveMoney(amountText);
  if (amount === null) return { ok: false, key: 'room.invalidAmount' };
  const byId = new Map(classes.map((c) => [c.classId, c]));
  for (const id of selected) {
    const c = byId.get(id);
    if (!c) return { ok: false, key: 'room.selectBet' };
    if (amount < c.minStake || amount > c.maxStake) {
      return {
        ok: false,
        key: 'room.stakeOutOfRange',
        params: { name: c.name, min: formatMoney(c.minStake), max: formatMoney(c.maxStake) },
      };
    }
  }
  return { ok: true, amount, playTypes: [...selected] };
}
