/**
 * What a bet asks for and answers, and the checks it passes before anything is written: the ones that
 * need no database, against the node's snapshot, in the order of docs/design.md#placing-a-bet.
 */
import { randomInt } from 'node:crypto';
import { effectiveMinStake } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { money } from '../../present.js';
import type { IdempotencyClaim } from '../idempotency.js';
import { isOpenIn, type RoundSettings, type RoundTiming } from '../game/roundClock.js';
import type { GameConfig, RoomConfig } from '../game/config.js';

export interface BetRequest {
  userId: number;
  gameId: number;
  roomId: number;
  issue: string;
  /** Distinct class ids. */
  playTypes: number[];
  /** The stake of each class, cents, in the order of `playTypes`. */
  amounts: number[];
  /** From the Idempotency-Key header: a retry is applied once (domain/idempotency.ts). */
  idempotency?: IdempotencyClaim;
  /** The caller's login session (its age is what a session time limit measures). */
  sessionId?: number;
}

export interface PlacedOrder {
  id: number;
  orderNo: string;
  playType: number;
  amount: number;
  odds: number;
  oddsSpecial: number | null;
}

export interface BetResult {
  gameId: number;
  roomId: number;
  issue: string;
  userId: number;
  nickname: string;
  orders: PlacedOrder[];
  /** Balance (money + score) after the bets, cents. */
  after: number;
  /** Balance after each order, in order (the feed's after_quantity). */
  afterEach: number[];
  createdAt: number;
}

/** What the checks read: the snapshot's game and room, and the moment the bet is judged at. */
export interface SnapshotContext {
  settings: RoundSettings;
  now: number;
  game: GameConfig | undefined;
  room: RoomConfig | undefined;
}

/** A request that passed the checks: its room and game, and the round it is for. */
export interface CheckedBet {
  room: RoomConfig;
  game: GameConfig;
  round: RoundTiming;
}

/**
 * An order number: the time in ms and 15 random digits (48 bits). Unique by the index; 8 random digits
 * made two bets in the same millisecond collide about once in 10^8 pairs, a refused bet a few times
 * a day at thousands of bets per second.
 */
export const newOrderNo = (now: number) => `${now}${String(randomInt(0, 2 ** 48 - 1)).padStart(15, '0')}`;

/** Runs the checks that need no database, in the order of docs/design.md#placing-a-bet; `round` is the one the clock is in at `ctx.now`. */
export function checkRequest(req: BetRequest, ctx: SnapshotContext, round: RoundTiming): CheckedBet {
  const { game, room } = ctx;
  if (!game || !room || room.gameId !== game.id) throw new AppError('err.room_not_found', { field: 'plan_id' });
  if (!room.enabled || !game.enabled) throw new AppError('err.product_discontinued', { field: 'plan_id' });
  if (req.issue !== round.issue) throw new AppError('err.issue_not_current', { field: 'issue' });
  if (ctx.now >= round.closesAt) throw new AppError('err.betting_closed', { field: 'issue' });
  if (!isOpenIn(round, game, ctx.settings)) throw new AppError('err.game_closed');
  for (const [k, playType] of req.playTypes.entries()) {
    const odds = room.odds.get(playType);
    if (!odds) throw new AppError('err.bet_class_invalid', { field: 'play_type' });
    const min = effectiveMinStake(odds, room.minLimit);
    const amount = req.amounts[k]!;
    if (amount < min || amount > odds.maxStake) {
      throw new AppError('err.bet_amount_range', { field: 'money', params: { min: money(min), max: money(odds.maxStake) } });
    }
  }
  return { room, game, round };
}

/** The whole slip's stake, cents. */
export const totalOf = (req: BetRequest): number => req.amounts.reduce((sum, a) => sum + a, 0);
