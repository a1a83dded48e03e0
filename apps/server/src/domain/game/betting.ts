/**
 * Placing bets (docs/design.md#placing-a-bet). One request may carry several classes at the same stake each; all are
 * accepted or none. In one transaction, in this order: the round is the current one and open, the
 * game is open, each class exists in the room, each stake is within its limits, the balance covers
 * the total (the balance spent first, then stored funds) and reaches the room's entry limit (join_limit). The
 * odds are stored on each order (invariant I6); the debit and its type-2 ledger rows are written in
 * the same transaction (I1, I2), and an Idempotency-Key makes a retried request apply once (I4; the
 * caller wraps this in `idempotent`). A player on a time-out or self-exclusion, or whose stake, loss or
 * session limit the bet would break, is refused in the same transaction (domain/protection).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BET_LIMIT_KINDS, effectiveMinStake } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { AppError } from '../../errors.js';
import { saveAnswer, type IdempotencyClaim } from '../idempotency.js';
import { checkBetLimits, limitsJson, toLimitRows } from '../protection/limits.js';
import { exclusionOf, refuseIfExcluded } from '../protection/exclusion.js';
import { MEMBER_GROUP } from '../accounts/users.js';
import { money } from '../../present.js';
import { isWithinHours, roundAt, type RoundSettings } from './roundClock.js';
import { ensureRound, type ChainOptions } from './rounds.js';
import type { ChainSeedCache } from './chains.js';
import type { GameConfig, RoomConfig } from './config.js';
import { inTransaction } from '../../db/transaction.js';

export interface BetRequest {
  userId: number;
  gameId: number;
  roomId: number;
  issue: string;
  /** Distinct class ids. */
  playTypes: number[];
  /** Stake per class, cents. */
  amount: number;
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

export interface BetContext {
  settings: RoundSettings;
  seeds: ChainSeedCache;
  chain: ChainOptions;
  now: number;
  game: GameConfig | undefined;
  room: RoomConfig | undefined;
  /** Called inside the transaction after the bets are written (cross-node notification). */
  onPlaced?: (tx: DbOrTx, result: BetResult) => Promise<void>;
}

/**
 * An order number: the time in ms and 15 random digits (48 bits). Unique by the index; 8 random digits
 * made two bets in the same millisecond collide about once in 10^8 pairs, a refused bet a few times
 * a day at thousands of bets per second.
 */
export const newOrderNo = (now: number) => `${now}${String(randomInt(0, 2 ** 48 - 1)).padStart(15, '0')}`;

/** Runs the checks that need no database, in the order of docs/design.md#placing-a-bet. */
export function checkRequest(req: BetRequest, ctx: Pick<BetContext, 'game' | 'room' | 'now' | 'settings'>): { room: RoomConfig; game: GameConfig } {
  const { game, room } = ctx;
  if (!game || !room || room.gameId !== game.id) throw new AppError('err.room_not_found', { field: 'plan_id' });
  if (!room.enabled || !game.enabled) throw new AppError('err.product_discontinued', { field: 'plan_id' });
  const current = roundAt(ctx.now, ctx.settings);
  if (req.issue !== current.issue) throw new AppError('err.issue_not_current', { field: 'issue' });
  if (ctx.now >= current.closesAt) throw new AppError('err.betting_closed', { field: 'issue' });
  if (!isWithinHours(current.opensAt, game, ctx.settings.timeZone)) throw new AppError('err.game_closed');
  for (const playType of req.playTypes) {
    const odds = room.odds.get(playType);
    if (!odds) throw new AppError('err.bet_class_invalid', { field: 'play_type' });
    const min = effectiveMinStake(odds, room.minLimit);
    if (req.amount < min || req.amount > odds.maxStake) {
      throw new AppError('err.bet_amount_range', { field: 'money', params: { min: money(min), max: money(odds.maxStake) } });
    }
  }
  return { room, game };
}

export async function placeBets(db: Db, req: BetRequest, ctx: BetContext): Promise<BetResult> {
  return inTransaction(db, async (tx) => {
    const { room, game } = checkRequest(req, ctx);
    const timing = roundAt(ctx.now, ctx.settings);
    const { round } = await ensureRound(tx, game.id, timing, ctx.seeds, { ...ctx.chain, now: ctx.now });
    // FOR SHARE: the draw (FOR UPDATE) waits for this bet, and a bet after the draw sees it drawn.
    const locked = await queryRows<{ drawn: boolean; closes_at: unknown }>(
      tx,
      sql`
      select drawn_at is not null as drawn, closes_at from rounds where id = ${round.id} for share`,
    );
    if (locked[0]?.drawn || ctx.now >= round.closesAt) throw new AppError('err.betting_closed', { field: 'issue' });

    // The player's row, locked, with their time-out / self-exclusion and play limits.
    const users = await queryRows<{
      money: number | string;
      score: number | string;
      nickname: string;
      group_id: number;
      excluded_until: unknown;
      exclusion_kind: unknown;
      limits: unknown;
    }>(
      tx,
      sql`
      select money, score, coalesce(nickname, username) as nickname, group_id, excluded_until, exclusion_kind,
        ${limitsJson(sql`users.id`, BET_LIMIT_KINDS)} as limits
      from users where id = ${req.userId} and not disabled for update`,
    );
    const user = users[0];
    if (!user) throw new AppError('err.not_logged_in', { httpStatus: 401, code: 401 });
    // Guests bet nothing (docs/design.md#guests); the route's guard refuses them first, this holds for any caller.
    if (Number(user.group_id) !== MEMBER_GROUP) throw new AppError('err.guest_forbidden');
    refuseIfExcluded(exclusionOf(user, ctx.now), ctx.settings.timeZone);
    let moneyLeft = Number(user.money);
    let scoreLeft = Number(user.score);
    const total = req.amount * req.playTypes.length;
    if (moneyLeft + scoreLeft < total) throw new AppError('err.insufficient_balance', { field: 'money' });
    // One more query only for a player with limits; judged after the lock, so parallel bets cannot pass one together.
    if (user.limits) {
      await checkBetLimits(tx, {
        userId: req.userId,
        sessionId: req.sessionId,
        total,
        rows: toLimitRows(user.limits),
        now: ctx.now,
        timeZone: ctx.settings.timeZone,
      });
    }
    // The room's entry limit (docs/product.md#validation-rules: the hall refuses to enter below it), on the balance before the bet.
    if (moneyLeft + scoreLeft < room.joinLimit) throw new AppError('err.room_join_limit', { field: 'plan_id' });

    // Each order: the balance (money) first, then stored funds (score); one ledger row per wallet touched.
    // Stored funds last, so that a bonus being wagered (domain/rewards) is still there to move to the
    // balance once its requirement is met, instead of being the first thing every bet spends.
    const at = new Date(ctx.now).toISOString();
    const planned = req.playTypes.map((playType) => {
      const odds = room.odds.get(playType)!;
      const fromMoney = Math.min(moneyLeft, req.amount);
      const fromScore = req.amount - fromMoney;
      moneyLeft -= fromMoney;
      scoreLeft -= fromScore;
      return { playType, odds, fromScore, fromMoney, afterMoney: moneyLeft + scoreLeft + fromScore, after: moneyLeft + scoreLeft };
    });
    const orderRows = await queryRows<{ id: number | string; order_no: string }>(
      tx,
      sql`
      insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_score, from_money, odds, odds_special, status, created_at)
      values ${sql.join(
        planned.map(
          (p) => sql`(${newOrderNo(ctx.now)}, ${req.userId}, ${room.id}, ${game.id}, ${round.id}, ${round.issue}, ${p.playType},
            ${req.amount}, ${p.fromScore}, ${p.fromMoney}, ${p.odds.odds}, ${p.odds.oddsSpecial}, 0, ${at})`,
        ),
        sql`, `,
      )}
      returning id, order_no`,
    );
    const ledgerValues = planned.flatMap((p, i) => {
      const orderId = Number(orderRows[i]!.id);
      const rows = [];
      if (p.fromMoney > 0) {
        rows.push(
          sql`(${req.userId}, ${literal(LedgerType.purchase)}, ${literal(LedgerStatus.passed)}, 'money', ${-p.fromMoney}, true, ${p.afterMoney}, ${game.id}, 'order', ${orderId}, ${at})`,
        );
      }
      if (p.fromScore > 0) {
        rows.push(
          sql`(${req.userId}, ${literal(LedgerType.purchase)}, ${literal(LedgerStatus.passed)}, 'score', ${-p.fromScore}, true, ${p.after}, ${game.id}, 'order', ${orderId}, ${at})`,
        );
      }
      return rows;
    });
    await tx.execute(sql`
      insert into ledger (user_id, type, status, wallet, quantity, applied, over, gorct, ref_type, ref_id, created_at)
      values ${sql.join(ledgerValues, sql`, `)}`);
    await tx.execute(sql`update users set money = ${moneyLeft}, score = ${scoreLeft} where id = ${req.userId}`);

    const result: BetResult = {
      gameId: game.id,
      roomId: room.id,
      issue: round.issue,
      userId: req.userId,
      nickname: user.nickname,
      orders: planned.map((p, i) => ({
        id: Number(orderRows[i]!.id),
        orderNo: orderRows[i]!.order_no,
        playType: p.playType,
        amount: req.amount,
        odds: p.odds.odds,
        oddsSpecial: p.odds.oddsSpecial,
      })),
      after: moneyLeft + scoreLeft,
      afterEach: planned.map((p) => p.after),
      createdAt: ctx.now,
    };
    await ctx.onPlaced?.(tx, result);
    // Last: the answer under the request's Idempotency-Key (one statement; a taken key rolls all back).
    await saveAnswer(tx, req.idempotency, result, ctx.now);
    return result;
  });
}
