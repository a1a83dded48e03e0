/**
 * The in-memory state the polling calls are served from (docs/design.md#real-time-and-scale): per game its configuration and
 * rooms, its recent draws and the number of bets in the current round; per room the feed of real
 * bets; and the latest real wins (a player's net result of a round, when positive). It changes only at round events and new bets — never per poll.
 */
import type { Digits } from '@lucky28/shared';
import type { GameConfig, RoomConfig } from '../domain/game/config.js';

/** The configurations the snapshot holds, as config.ts loads them. */
export type { GameConfig, RoomConfig };

export interface DrawSummary {
  roundId: number;
  gameId: number;
  issue: string;
  digits: Digits;
  total: number;
  numbers: number[];
  drawsAt: number;
  drawnAt: number;
}

export interface FeedEntry {
  orderId: number;
  userId: number;
  /** Already masked. */
  nickname: string;
  issue: string;
  playType: number;
  amount: number;
  /** The bettor's balance after the bet, cents. */
  after: number;
  createdAt: number;
}

/** A player's net win of one round (all their orders of it, every room), announced only when positive. */
export interface HitNotice {
  roundId: number;
  userId: number;
  gameId: number;
  /** Already masked. */
  nickname: string;
  /** Net profit of the round, cents. */
  profit: number;
}

const hitKey = (h: HitNotice) => `${h.roundId}:${h.userId}`;

export const MAX_DRAWS = 200;
export const MAX_FEED = 50;
export const MAX_HITS = 20;

export class GameSnapshot {
  games = new Map<number, GameConfig>();
  rooms = new Map<number, RoomConfig>();
  /** Newest first. */
  private draws = new Map<number, DrawSummary[]>();
  private feeds = new Map<number, FeedEntry[]>();
  private hits: HitNotice[] = [];
  /** Per game, the orders of its current round: a bet heard of twice (its event and a resync) counts once. */
  private roundBets = new Map<number, { issue: string; orders: Set<number> }>();
  /** Bumped at every change; lets callers cache what they derive from the snapshot. */
  version = 0;

  setConfig(games: GameConfig[]): void {
    this.games = new Map(games.map((g) => [g.id, g]));
    this.rooms = new Map(games.flatMap((g) => g.rooms.map((r) => [r.id, r] as const)));
    this.version++;
  }

  /** Games in home-card order. */
  gameList(): GameConfig[] {
    return [...this.games.values()].sort((a, b) => a.tabIndex - b.tabIndex);
  }

  recentDraws(gameId: number): readonly DrawSummary[] {
    return this.draws.get(gameId) ?? [];
  }

  lastDraw(gameId: number): DrawSummary | undefined {
    return this.draws.get(gameId)?.[0];
  }

  setDraws(gameId: number, draws: DrawSummary[]): void {
    this.draws.set(gameId, [...draws].sort((a, b) => b.drawsAt - a.drawsAt).slice(0, MAX_DRAWS));
    this.version++;
  }

  addDraw(draw: DrawSummary): void {
    const list = (this.draws.get(draw.gameId) ?? []).filter((d) => d.roundId !== draw.roundId);
    list.push(draw);
    this.setDraws(draw.gameId, list);
  }

  feed(roomId: number): readonly FeedEntry[] {
    return this.feeds.get(roomId) ?? [];
  }

  /**
   * Adds bets to a room's feed (newest last), ignoring ones already there; returns the ones added, in
   * order-number order as the feed holds them: the stream pushes them so, and a client aligning the
   * heart's window with what it was pushed would otherwise show a bet twice.
   */
  addBets(roomId: number, entries: FeedEntry[]): FeedEntry[] {
    const list = this.feeds.get(roomId) ?? [];
    const known = new Set(list.map((e) => e.orderId));
    const fresh = entries.filter((e) => !known.has(e.orderId)).sort((a, b) => a.orderId - b.orderId);
    if (fresh.length === 0) return fresh;
    const merged = [...list, ...fresh].sort((a, b) => a.orderId - b.orderId).slice(-MAX_FEED);
    this.feeds.set(roomId, merged);
    this.version++;
    return fresh;
  }

  hitNotices(): readonly HitNotice[] {
    return this.hits;
  }

  /** Newest wins first; one per round and player (heard of twice, it is kept once). */
  addHits(hits: HitNotice[]): void {
    const known = new Set(this.hits.map(hitKey));
    const fresh = hits.filter((h) => !known.has(hitKey(h)));
    if (fresh.length === 0) return;
    this.hits = [...fresh, ...this.hits].slice(0, MAX_HITS);
    this.version++;
  }

  /** Real number of bets in the game's current round (replaces the spec's decoy counter). */
  betsInRound(gameId: number, issue: string): number {
    const c = this.roundBets.get(gameId);
    return c && c.issue === issue ? c.orders.size : 0;
  }

  /** Counts orders of the game's round `issue`; an order already counted is not counted again. */
  countBets(gameId: number, issue: string, orderIds: Iterable<number>): void {
    let c = this.roundBets.get(gameId);
    if (c && issue < c.issue) return; // a late event about an earlier round
    if (!c || c.issue !== issue) this.roundBets.set(gameId, (c = { issue, orders: new Set() }));
    for (const id of orderIds) c.orders.add(id);
    this.version++;
  }
}
