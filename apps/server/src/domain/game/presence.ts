/**
 * Real players present in each room (DESIGN §9, replaces the spec's `robot_num`): a logged-in user
 * counts while they have polled the room's heart (or kept its live stream open) within the last 30
 * seconds. Memory only on one node; with several nodes (Redis configured) every node also shares what
 * it sees (sharedPresence.ts) and the count is that of all nodes.
 */
import type { SharedPresence } from './sharedPresence.js';

export const PRESENCE_WINDOW_MS = 30_000;

export class Presence {
  private rooms = new Map<number, Map<number, number>>();
  /** Set when the count is shared across nodes. */
  shared: SharedPresence | undefined;

  touch(roomId: number, userId: number, now: number): void {
    let seen = this.rooms.get(roomId);
    if (!seen) this.rooms.set(roomId, (seen = new Map()));
    seen.set(userId, now);
    this.shared?.seen(roomId, userId, now);
  }

  count(roomId: number, now: number): number {
    const seen = this.rooms.get(roomId);
    let n = 0;
    if (seen) {
      for (const [userId, at] of seen) {
        if (now - at <= PRESENCE_WINDOW_MS) n++;
        else seen.delete(userId);
      }
    }
    // All nodes' count, as of the last sync; this node's own viewers count at once.
    return this.shared ? Math.max(n, this.shared.count(roomId)) : n;
  }
}
