/** The profit-vibration switch of /system: a short vibration when a bet of the player's wins. */
import { isDrawn } from './roundResult';

export const WIN_VIBRATION_MS = 200;

/** Vibrates once where the device can (`navigator.vibrate`); answers whether it did. */
export function vibrateForWin(nav: { vibrate?: (pattern: number) => boolean } | undefined): boolean {
  if (typeof nav?.vibrate !== 'function') return false;
  return nav.vibrate(WIN_VIBRATION_MS);
}

/**
 * Whether a won round is news: drawn while the player watched, not already drawn when the room was
 * entered (`drawnAtEntry`: the last drawn round then, null when there was none).
 */
export const isNewWin = (issue: string, drawnAtEntry: string | null): boolean => !isDrawn(issue, drawnAtEntry);
