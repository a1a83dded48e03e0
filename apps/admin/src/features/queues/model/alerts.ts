/**
 * The console's announcements of new review work (issue 43): a sound and a desktop notification, each
 * switched on or off by the operator and remembered in this browser.
 */

export type AlertKind = 'sound' | 'desktop';

const storageKey = (kind: AlertKind) => `lucky28.console.alerts.${kind}`;

/** Whether the operator switched this announcement on in this browser (off until they do). */
export const alertOn = (kind: AlertKind): boolean => localStorage.getItem(storageKey(kind)) === '1';

export function setAlertOn(kind: AlertKind, on: boolean): void {
  if (on) localStorage.setItem(storageKey(kind), '1');
  else localStorage.removeItem(storageKey(kind));
}

/** The pending counts that announce themselves: deposits and withdrawals (null: a queue the role does not work). */
export interface MoneyQueueCounts {
  deposits: number | null;
  withdrawals: number | null;
}

/**
 * How many requests arrived in each queue between two readings of the pending counts. A count that
 * fell (requests decided) or was not known before announces nothing; one that rose by n, n requests
 * (a request decided in the same interval hides one: the next arrival is still announced).
 */
export function arrivals(before: MoneyQueueCounts | null, now: MoneyQueueCounts): MoneyQueueCounts {
  const rise = (a: number | null | undefined, b: number | null) => (a === null || a === undefined || b === null ? 0 : Math.max(0, b - a));
  return { deposits: rise(before?.deposits, now.deposits), withdrawals: rise(before?.withdrawals, now.withdrawals) };
}
