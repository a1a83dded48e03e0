/**
 * Real players present in each room (replaces the brief's `robot_num`: docs/spec-differences.md#decided-in-the-design): a logged-in user
 * counts while they have polled the room's heart (or kept its live stream open) within the last 30
 * seconds. Memory only on one node; with several nodes (Redis configured) every node also shares what
 * it sees (sharedPresence.ts) and the count is that of all nodes — or this node's own while Redis is away.
 */
export const PRESENCE_WINDOW_MS = 30_000;

/** A viewer this node counts: room, user, last seen (ms). */
export type LocalViewer = readonly [roomId: number, userId: number, at: number];

/** The count across nodes (sharedPresence.ts): told whom this node sees, it offers every node's count. */
export interface PresenceShare {
  /** Notes a viewer seen on this node. */
  seen(roomId: number, userId: number, now: number): void;
  /** Players present in the room across all nodes; undefined while that count is unknown. */
  count(roomId: number): number | undefined;
}

/** One room's viewers (user id → last seen, ms) and its count as of one wall-clock second. */
interface RoomViewers {
  seen: Map<number, number>;
  count: number;
  countedSecond: number;
}

export class Presence {
  private rooms = new Map<number, RoomViewers>();
  /** Set when the count is shared across nodes. */
  shared: PresenceShare | undefined;

  touch(roomId: number, userId: number, now: number): void {
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = { seen: new Map(), count: 0, countedSecond: Number.NaN }));
    // A viewer not in the map was not in this second's count (expired ones leave the map when counted).
    if (!room.seen.has(userId) && room.countedSecond === Math.floor(now / 1000)) room.count++;
    room.seen.set(userId, now);
    this.shared?.seen(roomId, userId, now);
  }

  /**
   * Viewers seen within the window. Counted (and the expired ones dropped) once per room and
   * second, not on every poll: a room with thousands of viewers polling would otherwise walk them
   * all on each poll.
   */
  count(roomId: number, now: number): number {
    const room = this.rooms.get(roomId);
    let n = 0;
    if (room) {
      const second = Math.floor(now / 1000);
      if (room.countedSecond !== second) {
        for (const [userId, at] of room.seen) {
          if (now - at <= PRESENCE_WINDOW_MS) n++;
          else room.seen.delete(userId);
        }
        room.count = n;
        room.countedSecond = second;
      }
      n = room.count;
    }
    // All nodes' count, as of the last sync; this node's own viewers count at once.
    return Math.max(n, this.shared?.count(roomId) ?? 0);
  }

  /** Every viewer seen within the window, in every room. */
  *viewers(now: number): Iterable<LocalViewer> {
    for (const [roomId, room] of this.rooms) {
      for (const [userId, at] of room.seen) if (now - at <= PRESENCE_WINDOW_MS) yield [roomId, userId, at];
    }
  }
}
