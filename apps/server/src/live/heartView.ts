/**
 * The Lottery/heart answers as JSON text, built from the engine's in-memory snapshot: shared by the
 * polling route (heart.ts) and the live stream (stream.ts). Everything but a viewer's own parts
 * (balance, their bets' balances after, the room's presence) is serialised once per snapshot change
 * and second (HeartCache), so neither a poll nor a push queries the database.
 */
import type { ApiLang } from '@lucky28/shared';
import type { GameEngine } from './engine.js';
import { okEnvelopeJson } from '../http/envelopeText.js';
import { className, gameName, money, secondsUntil } from '../present.js';
import { isWithinHours } from '../domain/game/roundClock.js';
import type { FeedEntry, GameConfig, RoomConfig } from './snapshot.js';
import { HeartCache } from './heartCache.js';

/** Who is looking: their id (own bets show their balance after) and balance, cents. */
export interface HeartViewer {
  userId: number;
  balance: number | undefined;
}

export class HeartView {
  private cache = new HeartCache();

  constructor(private engine: GameEngine) {}

  private cached<T>(key: string, now: number, build: () => T): T {
    return this.cache.get(key, this.engine.snapshot.version, now, build);
  }

  private cachedJson(key: string, now: number, build: () => unknown): string {
    return this.cached(key, now, () => JSON.stringify(build()));
  }

  /**
   * A whole success answer around `dataJson()`, envelope included, as the bytes sent; keyed on the
   * wall-clock second too (the envelope's `time`). Every caller without a session gets the same one,
   * so such a poll costs a map lookup.
   */
  answerBytes(key: string, lang: ApiLang, now: number, dataJson: () => string): Buffer {
    const time = Math.floor(Date.now() / 1000);
    return this.cached(`answer:${key}:${lang}:${time}`, now, () => Buffer.from(okEnvelopeJson(lang, dataJson(), time)));
  }

  /** The current round of a game as the answers show it. */
  issueOf(game: GameConfig, now: number) {
    const engine = this.engine;
    const current = engine.currentRound(now);
    const open = game.enabled && isWithinHours(current.opensAt, game, engine.settings.timeZone);
    const seconds = secondsUntil(current.drawsAt, now);
    return {
      gameStatus: open ? 1 : 0,
      issue: {
        issue: current.issue,
        whether_close: !open || now >= current.closesAt,
        openTime: seconds,
        openTime1: seconds,
        /** Seconds until betting closes (0 once closed). */
        closeTime: open ? secondsUntil(current.closesAt, now) : 0,
      },
      orderCount: engine.snapshot.betsInRound(game.id, current.issue),
    };
  }

  private lastIssue(gameId: number) {
    const d = this.engine.snapshot.lastDraw(gameId);
    if (!d) return null;
    return { issue: d.issue, site_1: d.digits[0], site_2: d.digits[1], site_3: d.digits[2], code: d.total };
  }

  private hitNotice(lang: ApiLang) {
    return this.engine.snapshot.hitNotices().map((h) => ({
      nickname: h.nickname,
      game_id: h.gameId,
      game_name: gameName(lang, h.gameId),
      profit: money(h.profit),
    }));
  }

  /** One bet of a room's feed; another player's balance is private: only the viewer's own bets carry it. */
  feedEntry(e: FeedEntry, lang: ApiLang, mine: boolean) {
    return {
      nickname: e.nickname,
      issue: e.issue,
      play_type: e.playType,
      play_method: className(lang, e.playType),
      quantity: money(e.amount),
      after_quantity: mine ? money(e.after) : null,
      mine,
      createtime: Math.floor(e.createdAt / 1000),
    };
  }

  /**
   * The room's recent bets as a JSON array, newest last. Every entry is serialised once as anyone
   * sees it; only the viewer's own bets are serialised again, with their balance after.
   */
  feedJson(roomId: number, lang: ApiLang, viewerId: number | null, now: number): string {
    const entries = this.engine.snapshot.feed(roomId);
    const shared = this.cached(`feed:${roomId}:${lang}`, now, () => entries.map((e) => JSON.stringify(this.feedEntry(e, lang, false))));
    if (viewerId === null || !entries.some((e) => e.userId === viewerId)) {
      return this.cached(`feedJson:${roomId}:${lang}`, now, () => `[${shared.join(',')}]`);
    }
    return `[${entries.map((e, i) => (e.userId === viewerId ? JSON.stringify(this.feedEntry(e, lang, true)) : shared[i])).join(',')}]`;
  }

  /** The home cards: every game's current round and the latest wins. */
  homeJson(lang: ApiLang, now: number): string {
    return this.cachedJson(`home:${lang}`, now, () => ({
      games: this.engine.snapshot.gameList().map((g) => {
        const s = this.issueOf(g, now);
        return {
          game_id: g.id,
          name: gameName(lang, g.id),
          game_status: s.gameStatus,
          order_count: s.orderCount,
          last_issue: this.lastIssue(g.id),
          ...s.issue,
        };
      }),
      hit_notice: this.hitNotice(lang),
    }));
  }

  /** A game's current round (and the room's id when one is given), without the viewer's parts. */
  gameJson(game: GameConfig, room: RoomConfig | undefined, lang: ApiLang, now: number): string {
    return this.cachedJson(`game:${game.id}:${room?.id ?? ''}:${lang}`, now, () => {
      const s = this.issueOf(game, now);
      return {
        game_id: game.id,
        last_issue: this.lastIssue(game.id),
        issue: s.issue,
        game_status: s.gameStatus,
        order_count: s.orderCount,
        hit_notice: this.hitNotice(lang),
        ...(room ? { plan_id: room.id } : {}),
      };
    });
  }

  /**
   * A room's whole heart answer for one viewer (null: a guest view). `present` is the room's presence
   * count when the caller has it already (a push to many viewers counts once).
   */
  roomJson(game: GameConfig, room: RoomConfig, lang: ApiLang, viewer: HeartViewer | null, now: number, present?: number): string {
    const gameJson = this.gameJson(game, room, lang, now);
    const balance = viewer?.balance;
    const personal = `"robot_num":${present ?? this.engine.presence.count(room.id, now)},"user_quantity":${JSON.stringify(balance === undefined ? null : money(balance))}`;
    // gameJson is an object literal: reopen it to add the viewer's own parts.
    return `${gameJson.slice(0, -1)},${personal},"message":${this.feedJson(room.id, lang, viewer?.userId ?? null, now)}}`;
  }
}
