/**
 * Placing a bet, the one path (docs/architecture.md#the-life-of-a-bet): under its Idempotency-Key,
 * the request is checked once against the snapshot (request.ts), then written in the one statement it
 * shares with other bets (oneStatementBet.ts, sent by live/betBatcher.ts) or, when that leaves it out,
 * in the general transaction (generalBet.ts).
 */
import type { Db } from '../../db/client.js';
import { idempotent } from '../idempotency.js';
import type { RoundTiming } from '../game/roundClock.js';
import { checkRequest, type BetRequest, type BetResult, type SnapshotContext } from './request.js';
import { prepareCheckedBet, type PreparedBet } from './oneStatementBet.js';
import { placeCheckedBet, type WriteContext } from './generalBet.js';

export interface PlaceContext extends SnapshotContext, WriteContext {
  /** The round the clock is in at `now`. */
  round: RoundTiming;
}

export interface BetWrites {
  /** The one statement shared with other bets: the bet's result, or null when it needs the general transaction. */
  batch: (bet: PreparedBet) => Promise<BetResult | null>;
  /** Confirms the caller's session before the general transaction (the one statement checks it itself). */
  confirmSession?: () => Promise<void>;
}

export function placeBet(db: Db, req: BetRequest, ctx: PlaceContext, writes: BetWrites): Promise<{ answer: BetResult; replayed: boolean }> {
  return idempotent(db, req.idempotency, async () => {
    const checked = checkRequest(req, ctx, ctx.round);
    const prepared = prepareCheckedBet(req, checked, ctx.now);
    return (prepared && (await writes.batch(prepared))) ?? (await writes.confirmSession?.(), placeCheckedBet(db, req, checked, ctx));
  });
}
