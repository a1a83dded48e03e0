import { useEffect, useRef } from 'react';
import { usePreferences } from '../../../lib/preferences';
import type { RoundSummary } from '../model/roundResult';
import { isNewWin, vibrateForWin } from '../model/winVibration';

/**
 * With the profit-vibration switch on (/system), the device vibrates once when a round the player bet
 * on in this room is drawn while they watch and they won it. `lastDrawn`: the heartbeat's last drawn
 * round (undefined until the first heartbeat).
 */
export function useWinVibration(summary: RoundSummary | null, lastDrawn: string | null | undefined): void {
  const on = usePreferences((s) => s.profitVibration);
  const drawnAtEntry = useRef<string | null | undefined>(undefined);
  const vibrated = useRef<string | null>(null);
  useEffect(() => {
    if (drawnAtEntry.current === undefined && lastDrawn !== undefined) drawnAtEntry.current = lastDrawn;
  }, [lastDrawn]);
  useEffect(() => {
    if (!summary || summary.outcome !== 'win' || drawnAtEntry.current === undefined || vibrated.current === summary.issue) return;
    if (!isNewWin(summary.issue, drawnAtEntry.current)) return;
    vibrated.current = summary.issue;
    if (on) vibrateForWin(typeof navigator === 'undefined' ? undefined : navigator);
  }, [summary, on]);
}
