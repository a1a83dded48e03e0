/**
 * Presence shared by every node: each node keeps counting its own viewers in memory (presence.ts)
 * and, once a second, writes who it has seen to Redis — one sorted set per room, member the user id,
 * score the time last seen — and reads back every room's count within the presence window. The heart
 * then shows the same number on every node: the players present anywhere.
 * Writes are bounded: a viewer seen again is written at most every REFRESH_MS.
 *
 * While Redis does not answer, no count is offered: each node shows its own viewers (fewer than all,
 * but never a number frozen at the outage's start). The first sync after a failure, or after the connection came back (a restarted Redis is empty),
 * writes every viewer this node counts, so all nodes show everyone again within a sync.
 */
import type { Redis } from 'ioredis';
import { PRESENCE_WINDOW_MS, type LocalViewer, type PresenceShare } from './presence.js';

const KEY = 'lucky28:presence:';
/** Re-write a viewer still present this often (well inside the 30 s window). */
const REFRESH_MS = 10_000;

export class SharedPresence implements PresenceShare {
  private pending = new Map<number, Map<number, number>>();
  private written = new Map<string, number>();
  /** Every room's count across nodes as of the last sync; empty while Redis does not answer. */
  private counts = new Map<number, number>();
  /** Set when Redis may have lost what this node wrote (a failed sync, a new connection). */
  private rewriteAll = true;

  constructor(
    private redis: Redis,
    private localViewers: (now: number) => Iterable<LocalViewer>,
  ) {
    redis.on('ready', () => (this.rewriteAll = true));
  }

  /** Notes a viewer seen on this node (written at the next sync). */
  seen(roomId: number, userId: number, now: number): void {
    const key = `${roomId}:${userId}`;
    const last = this.written.get(key);
    if (last !== undefined && now - last < REFRESH_MS) return;
    this.written.set(key, now);
    this.queue(roomId, userId, now);
  }

  private queue(roomId: number, userId: number, at: number): void {
    let room = this.pending.get(roomId);
    if (!room) this.pending.set(roomId, (room = new Map()));
    if ((room.get(userId) ?? -Infinity) < at) room.set(userId, at);
  }

  /** Players present in the room across all nodes as of the last sync; undefined while Redis is away. */
  count(roomId: number): number | undefined {
    return this.counts.get(roomId);
  }

  /** Writes this node's viewers and reads every room's count (one pipeline). */
  async sync(roomIds: Iterable<number>, now: number): Promise<void> {
    if (this.rewriteAll) {
      this.rewriteAll = false;
      for (const [roomId, userId, at] of this.localViewers(now)) {
        this.written.set(`${roomId}:${userId}`, at);
        this.queue(roomId, userId, at);
      }
    }
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
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err)?.[0];
      if (failed || results.length !== pipeline.length) throw failed ?? new Error('presence sync answered partly');
      const tail = results.slice(results.length - rooms.length);
      rooms.forEach((roomId, i) => this.counts.set(roomId, Number(tail[i]![1])));
    } catch (err) {
      // What was queued is lost with this attempt; the next sync writes every viewer again.
      this.counts.clear();
      this.rewriteAll = true;
      throw err;
    }
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
