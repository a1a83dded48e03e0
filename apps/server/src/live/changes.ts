/**
 * What changed in a node's game snapshot, as it happens: the live streams (routes/lottery/stream.ts)
 * listen here and push to their viewers, so a change costs one push per viewer and no query.
 * Fed by this node's own bets and draws and by other nodes' events (LISTEN/NOTIFY, events.ts).
 */
import type { FeedEntry } from './snapshot.js';

export type GameChange =
  /** New bets in a room (feed entries as the snapshot keeps them: nickname masked). */
  | { type: 'bets'; gameId: number; roomId: number; entries: FeedEntry[] }
  /** A round of the game was drawn: its result, the wins and the next round. */
  | { type: 'draw'; gameId: number }
  /** Games or rooms were reconfigured. */
  | { type: 'config' };

export class GameChanges {
  private listeners = new Set<(change: GameChange) => void>();

  /** Adds a listener; returns the function that removes it. */
  on(listener: (change: GameChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: GameChange, onError: (err: unknown) => void): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        onError(err);
      }
    }
  }
}
