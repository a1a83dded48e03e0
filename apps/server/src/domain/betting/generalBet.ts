/**
 * A bet in the general transaction (docs/design.md#placing-a-bet): whatever the one statement
 * (oneStatementBet.ts) leaves to it — a new round, a player with limits or a break, a refusal to
 * explain. Inside one transaction, for a bet that passed `checkRequest`: the round (created if missing)
 * taken FOR SHARE and still open; the player's row locked, a member, not on a time-out or
 * self-exclusion; the balance covers the total (the balance spent first, then stored funds); the bet
 * keeps within the player's stake, loss and session limits (domain/protection); the balance reaches
 * the room's entry limit (join_limit). The odds are stored on each order (invariant I6); the debit and
 * its type-2 ledger rows are written in the same transaction (I1, I2), and last the answer under the
 * request's Idempotency-Key (I4; the caller wraps this in `idempotent`).
 */
import { sql } from 'drizzle-orm';
import { BET_LIMIT_KINDS } from '@lucky28/shared';
import type { Db } from '../../db/client.js';
import { literal, queryRows } from '../../db/query.js';
import { LedgerStatus, LedgerType } from '../ledger/post.js';
import { AppError } from '../../errors.js';
import { saveAnswer } from '../idempotency.js';
import { checkBetLimits, limitsJson, toLimitRows } from '../protection/limits.js';
import { exclusionOf, refuseIfExcluded } from '../protection/exclusion.js';
import { periodWindows } from '../protection/periods.js';
import { MEMBER_GROUP } from '../accounts/users.js';
import { roundAt, type RoundSettings } from '../game/roundClock.js';
import { ensureRound, type ChainOptions } from '../game/rounds.js';
import type { ChainSeedCache } from '../game/chains.js';
import { inTransaction } from '../../db/transaction.js';
import { checkRequest, newOrderNo, totalOf, type BetRequest, type BetResult, type CheckedBet, type SnapshotContext } from './request.js';
import { reserveExposure } from './exposureCap.js';

/** What the general transaction needs besides the checked bet: the clock, and the chain a new round takes its link from. */
export interface WriteContext {
  settings: RoundSettings;
  now: number;
  seeds: ChainSeedCache;
  chain: ChainOptions;
}

/** The general transaction alone, checks included, for a caller without the one path (placeBet.ts), such as a test. */
export function placeBets(db: Db, req: BetRequest, ctx: SnapshotContext & WriteContext): Promise<BetResult> {
  return placeCheckedBet(db, req, checkRequest(req, ctx, roundAt(ctx.now, ctx.settings)), ctx);
}

/** Places a checked bet in the general transaction. */
export async function placeCheckedBet(db: Db, req: BetRequest, checked: CheckedBet, ctx: WriteContext): Promise<BetResult> {
  const { room, game } = checked;
  return inTransaction(db, async (tx) => {
    const { round } = await ensureRound(tx, game.id, checked.round, ctx.seeds, { ...ctx.chain, now: ctx.now });
    // FOR SHARE: the draw and the accepted-bets list (FOR UPDATE) wait for this bet, and a bet after
    // either sees the round drawn or listed (a bet that arrived before the close but is still in flight
    // once its round's lists are out is refused: the lists are final).
    const locked = await queryRows<{ drawn: boolean; closes_at: unknown }>(
      tx,
      sql`
      select drawn_at is not null or bets_listed_at is not null as drawn, closes_at from rounds where id = ${round.id} for share`,
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
    const exclusion = exclusionOf(user, ctx.now);
    refuseIfExcluded(exclusion, ctx.settings.timeZone);
    let moneyLeft = Number(user.money);
    let scoreLeft = Number(user.score);
    const total = totalOf(req);
    if (moneyLeft + scoreLeft < total) throw new AppError('err.insufficient_balance', { field: 'money' });
    // One more query only for a player with limits; judged after the lock, so parallel bets cannot pass one together.
    if (user.limits) {
      const windows = periodWindows(ctx.now, ctx.settings.timeZone);
      await checkBetLimits(tx, {
        userId: req.userId,
        sessionId: req.sessionId,
        total,
        rows: toLimitRows(user.limits),
        now: ctx.now,
        windows,
        timeZone: ctx.settings.timeZone,
      });
    }
    // The room's entry limit (docs/product.md#validation-rules: the hall refuses to enter below it), on the balance before the bet.
    if (moneyLeft + scoreLeft < room.joinLimit) throw new AppError('err.room_join_limit', { field: 'plan_id' });

    // Each order: the balance (money) first, then stored funds (score); one ledger row per wallet touched.
    // Stored funds last, so that a bonus being wagered (domain/rewards) is still there to move to the
    // balance once its requirement is met, instead of being the first thing every bet spends.
    const at = new Date(ctx.now).toISOString();
    const planned = req.playTypes.map((playType, k) => {
      const odds = room.odds.get(playType)!;
      const amount = req.amounts[k]!;
      const fromMoney = Math.min(moneyLeft, amount);
      const fromScore = amount - fromMoney;
      moneyLeft -= fromMoney;
      scoreLeft -= fromScore;
      return { playType, amount, odds, fromScore, fromMoney, afterMoney: moneyLeft + scoreLeft + fromScore, after: moneyLeft + scoreLeft };
    });
    const orderRows = await queryRows<{ id: number | string; order_no: string }>(
      tx,
      sql`
      insert into orders (order_no, user_id, room_id, game_id, round_id, issue, play_type, amount, from_score, from_money, odds, odds_special, status, created_at)
      values ${sql.join(
        planned.map(
          (p) => sql`(${newOrderNo(ctx.now)}, ${req.userId}, ${room.id}, ${game.id}, ${round.id}, ${round.issue}, ${p.playType},
            ${p.amount}, ${p.fromScore}, ${p.fromMoney}, ${p.odds.odds}, ${p.odds.oddsSpecial}, 0, ${at})`,
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
    // The round's exposure cap, after the other writes: its rows stay locked only until the commit.
    await reserveExposure(
      tx,
      round.id,
      game.exposureCap,
      planned.map((p) => ({ playType: p.playType, amount: p.amount, odds: p.odds.odds, oddsSpecial: p.odds.oddsSpecial })),
    );

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
        amount: p.amount,
        odds: p.odds.odds,
        oddsSpecial: p.odds.oddsSpecial,
      })),
      after: moneyLeft + scoreLeft,
      afterEach: planned.map((p) => p.after),
      createdAt: ctx.now,
    };
    // Last: the answer under the request's Idempotency-Key (one statement; a taken key rolls all back).
    await saveAnswer(tx, req.idempotency, result, ctx.now);
    return result;
  });
}
