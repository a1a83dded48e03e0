/**
 * The player's own results in the room: which round is still being drawn, the
 * win/lose summary of a settled round and the mark on each of the player's bets in the feed. Pure;
 * the orders are `user/orderList` rows of one round.
 */
import { formatMoney, parseMoney } from '@lucky28/shared/money';
import type { OrderRow } from '@lucky28/shared/schemas';

/** An issue number is the round's date (8 digits) and its sequence of the day. */
const DATE_DIGITS = 8;

/** The round before `issue` on the same day, or null for the day's first round (or an unreadable number). */
export function previousIssue(issue: string): string | null {
  if (!/^\d{9,}$/.test(issue)) return null;
  const seq = issue.slice(DATE_DIGITS);
  const n = Number(seq);
  if (!Number.isSafeInteger(n) || n <= 1) return null;
  return `${issue.slice(0, DATE_DIGITS)}${String(n - 1).padStart(seq.length, '0')}`;
}

const isBefore = (a: string, b: string) => (a.length === b.length ? a < b : a.length < b.length);

/**
 * The round whose result is awaited while `current` is open: the one before it, while the last
 * drawn round (`lastDrawn`) is older than that. Null when the last result is the latest.
 */
export function awaitedIssue(current: string, lastDrawn: string | null | undefined): string | null {
  const prev = previousIssue(current);
  if (prev === null) return null;
  return !lastDrawn || isBefore(lastDrawn, prev) ? prev : null;
}

/** Whether round `issue` is drawn by now (it is `lastDrawn` or older). */
export const isDrawn = (issue: string, lastDrawn: string | null | undefined): boolean => !!lastDrawn && !isBefore(lastDrawn, issue);

export type MyOrder = Pick<OrderRow, 'issue' | 'plan_id' | 'play_type' | 'quantity' | 'status' | 'whether_hit' | 'profit'>;

/** "-10.00" → -1000 (the money parser reads amounts without a sign). */
const signedCents = (text: string): number => (text.startsWith('-') ? -(parseMoney(text.slice(1)) ?? 0) : (parseMoney(text) ?? 0));

export interface RoundSummary {
  issue: string;
  bets: number;
  won: number;
  /** Net result of the round, "12.00" or "-20.00". */
  profit: string;
  /** From the net result alone (a bet won beside a bigger loss is a round lost): what the banner's headline says. */
  outcome: 'win' | 'even' | 'lose';
}

/** The summary of the player's settled bets of one round; null while any of them awaits settlement or there are none. */
export function summarizeRound(issue: string, orders: readonly MyOrder[]): RoundSummary | null {
  if (orders.length === 0 || orders.some((o) => o.status !== 1 || o.profit === null)) return null;
  const cents = orders.reduce((sum, o) => sum + signedCents(o.profit!), 0);
  const won = orders.filter((o) => o.whether_hit === 1).length;
  const outcome = cents > 0 ? 'win' : cents < 0 ? 'lose' : 'even';
  return { issue, bets: orders.length, won, profit: cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents), outcome };
}

export interface BetMark {
  outcome: 'win' | 'lose';
  profit: string;
}

/**
 * The marks of the player's feed bets of one round: each feed entry (class and stake) takes the
 * next settled order of the same class and stake, so two equal bets get one order each.
 */
export function marksFor(entries: readonly { play_type: number; quantity: string }[], orders: readonly MyOrder[]): (BetMark | null)[] {
  const left = orders.filter((o) => o.status === 1 && o.profit !== null);
  return entries.map((e) => {
    const i = left.findIndex((o) => o.play_type === e.play_type && o.quantity === e.quantity);
    if (i < 0) return null;
    const [o] = left.splice(i, 1);
    return { outcome: o!.whether_hit === 1 ? 'win' : 'lose', profit: o!.profit! };
  });
}
