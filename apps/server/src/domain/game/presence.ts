/**
 * Real players present in each room (DESIGN §9, replaces the spec's `robot_num`): a logged-in user
 * counts while they have polled the room's heart within the last 30 seconds. Memory only.
 */
export const PRESENCE_WINDOW_MS = 30_000;

export class Presence {
  private rooms = new Map<number, Map<number, number>>();

  touch(roomId: number, userId: number, now: number): void {
    let seen = this.rooms.get(roomId);
    if (!seen) this.rooms.set(roomId, (seen = new Map()));
    seen.set(userId, now);
  }

  count(roomId: number, now: number): number {
    const seen = this.rooms.get(roomId);
    if (!seen) return 0;
    let n = 0;
    for (const [userId, at] of seen) {
      if (now - at <= PRESENCE_WINDOW_MS) n++;
      else seen.delete(userId);
    }
    return n;
  }
}
