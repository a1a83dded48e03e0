/**
 * Round clock of the room: the heartbeat's seconds-to-draw / seconds-to-close are anchored to the
 * local clock with `lib/countdown` (shared with the home cards); this adds the room's betting phase.
 */
export type RoundPhase = 'open' | 'closed' | 'drawing' | 'stopped';

/**
 * Betting is allowed only when the game is open (game_status 1) and the round is not closed
 * (docs/product.md#states-and-transitions); locally the round also closes when its close deadline passes between two polls.
 */
export function roundPhase(gameStatus: number, whetherClose: boolean, closeAt: number, drawAt: number, now: number): RoundPhase {
  if (gameStatus !== 1) return 'stopped';
  if (now >= drawAt) return 'drawing';
  if (whetherClose || now >= closeAt) return 'closed';
  return 'open';
}
