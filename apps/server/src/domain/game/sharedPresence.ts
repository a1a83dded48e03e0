/**
 * Presence shared by every node (issue 13 item 6): each node keeps counting its own viewers in memory
 * (presence.ts) and, once a second, writes who it has seen to Redis — one sorted set per room, member
 * the user id, score the time last seen — and reads back every room's count within the presence
 * window. The heart then shows the same number on every node: the players present anywhere.
 * Writes are bounded: a viewer seen again is written at most every REFRESH_MS.
 */
import type { Redis } from 'ioredis';
import { PRESENCE_WINDOW_MS } from './presence.js';

const KEY = 'lucky28:presence:';
/** Re-write a viewer still present this often (well inside the 30 s window). */
const REFRESH_MS = 10_000;

export class SharedPresence {
  private pending = new Map<number, Map<number, number>>();
  private written = new Map<string, number>();
  private counts = new Map<number, number>();

  constructor(private redis: Redis) {}

  /** Notes a viewer seen on this node (written at the next sync). */
  seen(roomId: number, userId: number, now: number): void {
    const key = `${roomId}:${userId}`;
    const last = this.written.get(key);
    if (last !== undefined && now - last < REFRESH_MS) return;
    this.written.set(key, now);
    let room = this.pending.get(roomId);
    if (!room) this.pending.set(roomId, (room = new Map()));
    room.set(userId, now);
  }

  /** Players present in the room across all nodes, as of the last sync. */
  count(roomId: number): number {
    return this.counts.get(roomId) ?? 0;
  }

  /** Writes this node's viewers and reads every room's count (one pipeline). */
  async sync(roomIds: Iterable<number>, now: number): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    const since = now - PRESENCE_WINDOW_MS;
    const pipeline = this.redis.pipeline();
    for (const [roomId, users] of pending) {
      const args: (string | number)[] = [];
      for (const [userId, at] of users) args.push(at, userId);
      pipeline.zadd(KEY + roomId, ...args);
      pipeline.pexpire(KEY + roomId, PRESENCE_WINDOW_MS * 2);
    }
    const rooms = [...roomIds];
    for (const roomId of rooms) pipeline.zcount(KEY + roomId, since, '+inf');
    const results = (await pipeline.exec()) ?? [];
    const tail = results.slice(results.length - rooms.length);
    rooms.forEach((roomId, i) => {
      const [err, n] = tail[i] ?? [null, 0];
      if (!err) this.counts.set(roomId, Number(n));
    });
    if (this.written.size > 200_000) {
      for (const [key, at] of this.written) if (now - at >= REFRESH_MS) this.written.delete(key);
    }
  }

  /** Removes entries older than the window (any node may do it; cheap). */
  async prune(roomIds: Iterable<number>, now: number): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const roomId of roomIds) pipeline.zremrangebyscore(KEY + roomId, '-inf', now - PRESENCE_WINDOW_MS);
    await pipeline.exec();
  }
}
