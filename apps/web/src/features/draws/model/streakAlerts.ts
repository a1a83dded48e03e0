import { RUN_CLASS_IDS } from '@lucky28/shared/game';
import { STREAK_ALERT_RUN } from '@lucky28/shared/schemas';

export interface AlertRow {
  classId: number;
  /** The class's current run in this game (0 when the latest draw did not have it). */
  current: number;
  /** The player's alert on it: the run it waits for, or null when off. */
  alert: number | null;
}

/** One row per run class, in the trend's order: its current run and the player's alert in this game. */
export function alertRows(
  gameId: number,
  runs: readonly { class: number; length: number }[],
  alerts: readonly { game_id: number; class: number; run: number }[],
): AlertRow[] {
  return RUN_CLASS_IDS.map((classId) => ({
    classId,
    current: runs.find((r) => r.class === classId)?.length ?? 0,
    alert: alerts.find((a) => a.game_id === gameId && a.class === classId)?.run ?? null,
  }));
}

/** A run length kept within what the server accepts. */
export const clampRun = (run: number) => Math.min(STREAK_ALERT_RUN.max, Math.max(STREAK_ALERT_RUN.min, Math.round(run)));

export type AlertHold = 'self_exclusion' | 'timeout' | 'opt_out';

/** Why no alert is sent to this player now, if anything keeps them from it (docs/statistics.md#streak-alerts). */
export function alertHold(exclusion: { kind: string } | null, optedOut: boolean): AlertHold | null {
  if (exclusion) return exclusion.kind === 'self_exclusion' ? 'self_exclusion' : 'timeout';
  return optedOut ? 'opt_out' : null;
}
