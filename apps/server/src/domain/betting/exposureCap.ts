/**
 * The house's exposure cap per round (docs/design.md, "Exposure cap"): the most the house may lose on
 * any outcome of one round of a game, all its rooms together (`games.exposure_cap`, cents; 0 = off).
 *
 * The outcomes are the monitor's (domain/game/monitor.ts): every total with its digit pattern (plain,
 * pair, triple, straight), which is all a class's payout depends on. A round keeps one row per outcome
 * in `round_exposure`: what the orders that win on it would pay beyond their own stakes. A bet raises
 * only the rows of the outcomes it wins on, by one conditional upsert (`reserved + delta <= cap`), in its
 * own transaction on both write paths; a bet on 大 waits only for bets sharing one of its outcomes, and
 * never for a bet on 小. The stakes of the orders that lose on an outcome are not taken off its row (that
 * would make every bet write every row of the round), so a row is an upper bound of the house's loss on
 * its outcome: the cap is never passed, and a hedged round is refused a little earlier than its exact
 * worst case would say.
 */
import { sql, type SQL } from 'drizzle-orm';
import { allDigitTriples, appliedOdds, isPair, isStraight, isTriple, payoutFor, totalOf, type Digits, type SettleableOrder } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { pgArray, queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { money } from '../../present.js';

/** An outcome's id: total × 4 + its digit pattern (0 plain, 1 pair, 2 triple, 3 straight; the three exclude each other). */
export const outcomeOf = (digits: Digits): number => totalOf(digits) * 4 + (isPair(digits) ? 1 : isTriple(digits) ? 2 : isStraight(digits) ? 3 : 0);

/** One triple of each outcome, by id. */
const OUTCOMES: readonly { outcome: number; digits: Digits }[] = (() => {
  const seen = new Map<number, Digits>();
  for (const d of allDigitTriples()) if (!seen.has(outcomeOf(d))) seen.set(outcomeOf(d), d);
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([outcome, digits]) => ({ outcome, digits }));
})();

/** Every outcome id, ascending. */
export const OUTCOME_IDS: readonly number[] = OUTCOMES.map((o) => o.outcome);

/** The odds applied on each outcome an order of this class at these odds wins on. */
const winsCache = new Map<string, { outcome: number; odds: number }[]>();
function winsOf(order: Omit<SettleableOrder, 'amount'>) {
  const key = `${order.playType}:${order.odds}:${order.oddsSpecial}`;
  let wins = winsCache.get(key);
  if (!wins) {
    wins = OUTCOMES.map((o) => ({ outcome: o.outcome, odds: appliedOdds(order, o.digits) })).filter((w) => w.odds > 0);
    winsCache.set(key, wins);
  }
  return wins;
}

export interface ExposureDelta {
  outcome: number;
  /** What the orders would pay on this outcome beyond their own stakes, cents (> 0). */
  delta: number;
}

/**
 * What one round's orders (of one bet, or a slip of several) add to each outcome they make worse for
 * the house: payout less stake, as settlement pays it (rounded down per order), summed per outcome;
 * ascending by outcome, the order every writer locks the rows in.
 */
export function exposureDeltas(orders: readonly SettleableOrder[]): ExposureDelta[] {
  const byOutcome = new Map<number, number>();
  for (const order of orders) {
    for (const w of winsOf(order)) {
      const delta = payoutFor(order.amount, w.odds) - order.amount;
      if (delta > 0) byOutcome.set(w.outcome, (byOutcome.get(w.outcome) ?? 0) + delta);
    }
  }
  return [...byOutcome.entries()].sort((a, b) => a[0] - b[0]).map(([outcome, delta]) => ({ outcome, delta }));
}

/** The refusal of a bet that would take its round past the cap. */
export const capRefusal = (cap: number) => new AppError('err.round_exposure_cap', { field: 'money', params: { max: money(cap) } });

/**
 * The conditional upsert of a round's rows, from a query of (round_id, outcome, delta, cap) rows in
 * outcome order. A row is written only while it stays within the cap; under READ COMMITTED a writer
 * that waited for another's lock judges the condition again on the row as committed, so two bets never
 * pass the cap together. The caller compares the rows written with the rows asked.
 */
export const upsertReservations = (deltas: SQL) => sql`
  insert into round_exposure (round_id, outcome, reserved, cap)
  select round_id, outcome, delta, cap from (${deltas}) as d where d.delta <= d.cap order by d.round_id, d.outcome
  on conflict (round_id, outcome) do update set reserved = round_exposure.reserved + excluded.reserved, cap = excluded.cap
  where round_exposure.reserved + excluded.reserved <= excluded.cap
  returning 1`;

/**
 * Reserves one bet's exposure in its transaction (the general path), or refuses it naming the cap. The
 * row locks it takes are held until the commit: call it last, after the bet's other writes.
 */
export async function reserveExposure(tx: DbOrTx, roundId: number, cap: number, orders: readonly SettleableOrder[]): Promise<void> {
  if (cap <= 0) return;
  const deltas = exposureDeltas(orders);
  if (deltas.length === 0) return;
  const written = await queryRows(
    tx,
    upsertReservations(sql`
      select ${roundId}::bigint as round_id, outcome, delta, ${cap}::bigint as cap
      from unnest(${pgArray(deltas.map((d) => d.outcome))}::smallint[], ${pgArray(deltas.map((d) => d.delta))}::bigint[]) as u(outcome, delta)`),
  );
  if (written.length !== deltas.length) throw capRefusal(cap);
}

/** A round's reservation at its fullest: the largest row and the cap it was judged against (null without rows). */
export async function roundExposureUse(db: DbOrTx, roundId: number): Promise<{ reserved: number; cap: number } | null> {
  const [row] = await queryRows<{ reserved: number | string; cap: number | string }>(
    db,
    sql`select reserved, cap from round_exposure where round_id = ${roundId} order by reserved desc limit 1`,
  );
  return row ? { reserved: Number(row.reserved), cap: Number(row.cap) } : null;
}

/** Marker of the error the one statement raises when its batch would pass a round's cap. */
export const CAP_REACHED = 'round-exposure-cap-reached';

/** Whether a statement failed on the cap's marker (drivers wrap the database's error as `cause`). */
export const isCapReached = (err: unknown): boolean => {
  const database = (err as { cause?: unknown } | undefined)?.cause ?? err;
  return String((database as Error | undefined)?.message).includes(CAP_REACHED);
};

/** The exposure rows of a batch of bets (oneStatementBet.ts), one array per column: the bet's place, the outcome, the delta, the cap. */
export function batchExposureColumns(bets: readonly { cap: number; orders: readonly SettleableOrder[] }[]) {
  const rows = bets.flatMap((b, i) => (b.cap > 0 ? exposureDeltas(b.orders).map((d) => ({ i, ...d, cap: b.cap })) : []));
  return {
    bet: pgArray(rows.map((r) => r.i)),
    outcome: pgArray(rows.map((r) => r.outcome)),
    delta: pgArray(rows.map((r) => r.delta)),
    cap: pgArray(rows.map((r) => r.cap)),
  };
}

/**
 * The batch statement's reservation, as CTEs after `u` (the bets debited, by `i`) and `ok` (their
 * `round_id`): the deltas of the bets placed summed per round and outcome (the sum reads all of `u`, so
 * every player's lock is taken before any exposure row's), then the upsert. `exposureHeld` is true when
 * every row was written; the statement fails on `CAP_REACHED` otherwise, and nothing of it is applied.
 */
export const batchExposureCtes = (c: ReturnType<typeof batchExposureColumns>) => sql`
    xd as (
      select * from unnest(${c.bet}::int[], ${c.outcome}::smallint[], ${c.delta}::bigint[], ${c.cap}::bigint[]) as xd(i, outcome, delta, cap)
    ),
    xs as (
      select ok.round_id, xd.outcome, sum(xd.delta)::bigint as delta, min(xd.cap) as cap
      from u join ok on ok.i = u.i join xd on xd.i = u.i
      group by ok.round_id, xd.outcome
    ),
    x as (${upsertReservations(sql`select round_id, outcome, delta, cap from xs`)})`;

export const exposureHeld = sql`(select count(*) from x) = (select count(*) from xs)`;

/** Per game, the fullest reservation of its round `issue` (games with no reservation are absent), cents. */
export async function fullestReservations(db: DbOrTx, gameIds: readonly number[], issue: string): Promise<Map<number, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await queryRows<{ game_id: number; reserved: number | string }>(
    db,
    sql`select r.game_id, max(e.reserved) as reserved from rounds r join round_exposure e on e.round_id = r.id
    where r.game_id = any(${pgArray(gameIds)}::smallint[]) and r.issue = ${issue} group by r.game_id`,
  );
  return new Map(rows.map((r) => [Number(r.game_id), Number(r.reserved)]));
}
