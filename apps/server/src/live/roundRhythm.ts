/**
 * The round's rhythm in every room's chat (docs/chat.md#the-rounds-posts), run by the scheduler's tick
 * on every node: for the previous and the current round of each game, each step of
 * domain/chat/roundPosts.ts once it is due — a warning 60 s and 10 s before the close (a warning whose
 * moment has passed is skipped, never posted late), "closed", the accepted-bets list once the bets in
 * flight at the close had LIST_SETTLE_MS to commit (domain/game/acceptedBets.ts builds it under the
 * draw lock and makes the round refuse any later bet), then the draw and the winners once the round is
 * drawn. Steps go in order: one not done yet holds the next. Nothing here matters across a restart: the
 * database stores each post once per room (any node may try), and `done` only spares the queries.
 */
import type { FastifyBaseLogger } from 'fastify';
import { buildAcceptedBetsLists } from '../domain/game/acceptedBets.js';
import { roundAt, type RoundTiming } from '../domain/game/roundClock.js';
import { findRound, type RoundRow } from '../domain/game/rounds.js';
import type { ChatLine } from '../domain/chat/messages.js';
import {
  closedPost,
  drawPost,
  listPost,
  roomWinners,
  ROUND_STEPS,
  storeRoundPosts,
  WARNINGS,
  warningPost,
  winnersPost,
  type RoundStep,
} from '../domain/chat/roundPosts.js';
import type { ChatSystemPost } from '@lucky28/shared';
import type { ScheduledEngine } from './scheduler.js';

/** After the close, how long bets that arrived before it have to commit before the list is built (at the latest, the draw). */
export const LIST_SETTLE_MS = 5_000;

/** What the rhythm reads of the engine. */
export type RhythmEngine = Pick<ScheduledEngine, 'db' | 'snapshot' | 'settings' | 'currentRound'> & { log: FastifyBaseLogger };

type Due = 'now' | 'later' | 'skip';

export class RoundRhythm {
  /** `<game>:<issue>:<step>` done (or skipped) on this node. */
  private done = new Set<string>();
  /** Rounds by `<game>:<issue>`; null: the game has no such round (closed hours). */
  private rounds = new Map<string, RoundRow | null>();

  constructor(
    private engine: RhythmEngine,
    /** Told each post this node stored (the chat relay pushes it to the room's viewers on every node). */
    private onPosted: (line: ChatLine) => void,
  ) {}

  async tick(now: number): Promise<void> {
    const { engine } = this;
    const current = engine.currentRound(now);
    const previous = roundAt(current.opensAt - 1, engine.settings);
    for (const game of engine.snapshot.gameList()) {
      const roomIds = game.rooms.filter((r) => r.enabled).map((r) => r.id);
      if (roomIds.length === 0) continue;
      for (const timing of [previous, current]) await this.advance(game.id, timing, roomIds, now);
    }
    if (this.done.size > 5_000) this.done = new Set([...this.done].slice(-500));
    if (this.rounds.size > 500) this.rounds = new Map([...this.rounds].slice(-50));
  }

  private async advance(gameId: number, timing: RoundTiming, roomIds: number[], now: number): Promise<void> {
    for (const step of ROUND_STEPS) {
      const key = `${gameId}:${timing.issue}:${step}`;
      if (this.done.has(key)) continue;
      const due = dueness(step, timing, now);
      if (due === 'later') return;
      if (due === 'now') {
        const round = await this.round(gameId, timing.issue, step === 'draw' || step === 'winners');
        if (!round) return;
        if (!(await this.post(step, round, roomIds, now))) return;
      }
      this.done.add(key);
    }
  }

  /** The round (re-read when it must be drawn and was not yet); null when the game has none. */
  private async round(gameId: number, issue: string, drawn: boolean): Promise<RoundRow | null> {
    const key = `${gameId}:${issue}`;
    let round = this.rounds.get(key);
    if (round === undefined || (drawn && round !== null && round.drawnAt === null)) {
      round = (await findRound(this.engine.db, gameId, issue)) ?? null;
      this.rounds.set(key, round);
    }
    return round;
  }

  /** Posts the step in every room; false when it cannot be done yet (not drawn, another node building the list). */
  private async post(step: RoundStep, round: RoundRow, roomIds: number[], now: number): Promise<boolean> {
    const posts = await this.postsOf(step, round, roomIds, now);
    if (!posts) return false;
    const lines = await storeRoundPosts(this.engine.db, { roundId: round.id, step, posts, now });
    for (const line of lines) this.onPosted(line);
    return true;
  }

  private async postsOf(step: RoundStep, round: RoundRow, roomIds: number[], now: number): Promise<{ roomId: number; post: ChatSystemPost }[] | null> {
    const each = (post: ChatSystemPost) => roomIds.map((roomId) => ({ roomId, post }));
    switch (step) {
      case 'warn60':
      case 'warn10':
        return each(warningPost(round.issue, WARNINGS[step]! / 1000));
      case 'closed':
        return each(closedPost(round.issue));
      case 'list': {
        const built = await buildAcceptedBetsLists(this.engine.db, round.id, roomIds, now);
        if (!built) return null;
        if (built.built) this.engine.log.info({ gameId: round.gameId, issue: round.issue, lists: built.lists.length }, 'accepted-bets lists built');
        const lists = new Map(built.lists.map((l) => [l.roomId, l]));
        return roomIds.flatMap((roomId) => {
          const list = lists.get(roomId);
          return list ? [{ roomId, post: listPost(round.gameId, round.issue, list) }] : [];
        });
      }
      case 'draw':
        if (!round.digits || round.total === null) return null;
        return each(drawPost(round.gameId, round.issue, round.digits, round.total));
      case 'winners': {
        if (round.drawnAt === null) return null;
        const winners = await roomWinners(this.engine.db, round.id, roomIds);
        return roomIds.map((roomId) => ({ roomId, post: winnersPost(round.issue, winners.get(roomId) ?? []) }));
      }
    }
  }
}

/** Whether a step of a round is due now, later, or has been missed for good (a warning whose moment passed). */
function dueness(step: RoundStep, t: RoundTiming, now: number): Due {
  const warning = WARNINGS[step];
  if (warning !== undefined) {
    const at = t.closesAt - warning;
    if (at < t.opensAt) return 'skip';
    if (now < at) return 'later';
    // Past the next warning's moment, or the close: this one is no longer true.
    const next = Math.max(...Object.values(WARNINGS).filter((w) => w < warning), 0);
    return now >= t.closesAt - next ? 'skip' : 'now';
  }
  if (step === 'closed') return now >= t.closesAt ? 'now' : 'later';
  if (step === 'list') return now >= Math.min(t.closesAt + LIST_SETTLE_MS, t.drawsAt) ? 'now' : 'later';
  return now >= t.drawsAt ? 'now' : 'later';
}
