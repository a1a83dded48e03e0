/**
 * Round clock of the room: the heartbeat's seconds-to-draw / seconds-to-close are anchored to the
 * local clock when the answer arrives, and a steady deadline ignores a poll's jitter.
 */
export const deadlineFrom = (secondsLeft: number, receivedAt: number): number => receivedAt + Math.max(0, secondsLeft) * 1000;

export const secondsLeft = (deadline: number, now: number): number => Math.max(0, Math.ceil((deadline - now) / 1000));

const two = (n: number) => String(n).padStart(2, '0');

/** "mm:ss" (or "h:mm:ss"); null at or past the deadline. */
export function formatCountdown(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

export function steadyDeadline(
  prev: { key: string; deadline: number } | null,
  next: { key: string; deadline: number },
  toleranceMs = 1500,
): { key: string; deadline: number } {
  if (prev && prev.key === next.key && Math.abs(prev.deadline - next.deadline) <= toleranceMs) return prev;
  return next;
}

export type RoundPhase = 'open' | 'closed' | 'drawing' | 'stopped';

/**
 * Betting is allowed only when the game is open (game_status 1) and the round is not closed
 * (spec §4); locally the round also closes when its close deadline passes between two polls.
 */
export function roundPhase(gameStatus: number, whetherClose: boolean, closeAt: number, drawAt: number, now: number): RoundPhase {
  if (gameStatus !== 1) return 'stopped';
  if (now >= drawAt) return 'drawing';
  if (whetherClose || now >= closeAt) return 'closed';
  return 'open';
}
