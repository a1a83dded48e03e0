/**
 * The house's exposure cap per round (docs/design.md, "Exposure cap"): the most the house may lose on
 * any outcome of one round of a game, all its rooms together (`games.exposure_cap`, cents; 0 = off).
 *
 * The outcomes are the monitor's (domain/game/monitor.ts): every total with its digit pattern (plain,
 * pair, triple, straight), which is all a class's payout depends on. A bet raises the reservation of
 * only the outcomes it wins on (what the orders that win on it would pay beyond their own stakes), in
 * its own transaction on both write paths. The stakes of the orders that lose on an outcome are not
 * taken off (that would make every bet write every outcome of the round), so a reservation is an upper
 * bound of the house's loss on its outcome: the cap is never passed, and a hedged round is refused a
 * little earlier than its exact worst case would say.
 *
 * Each outcome's reservation is kept in EXPOSURE_SLOTS rows (`round_exposure_slots`), each within its
 * quota, the quotas together within the cap. A batch of bets (the one statement) raises the rows of one
 * slot, the next batch the next slot's: batches running at once never queue on one row per outcome, so
 * the cap costs a round's bets no serialisation. A batch whose slot lacks a row or the quota goes to the
 * general path, which locks every slot of its bet's outcomes, judges their sum against the cap, and
 * shares out what is left as new quotas: the cap is refused exactly where one row per outcome would
 * refuse it, only more slowly near it.
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

/** Rows per outcome of a round (see the top of the file): more batches than this at once share a slot's rows. */
export const EXPOSURE_SLOTS = 8;

let lastSlot = 0;
/** The slot the next batch reserves in: each batch the next, round robin on this node. */
export const nextExposureSlot = (): number => (lastSlot = (lastSlot + 1) % EXPOSURE_SLOTS);

/** The refusal of a bet that would take its round past the cap. */
export const capRefusal = (cap: number) => new AppError('err.round_exposure_cap', { field: 'money', params: { max: money(cap) } });

interface SlotRow {
  outcome: number;
  slot: number;
  reserved: number;
}

/**
 * Reserves one bet's exposure in its transaction (the general path), or refuses it naming the cap: every
 * slot of the bet's outcomes made (a new one without quota) and locked, in (outcome, slot) order as a
 * batch locks its slot's rows; each outcome's sum judged against the cap; the bet's delta added to slot
 * 0 and what the cap leaves shared out as the slots' quotas. Its locks are held until the commit: call
 * it last, after the bet's other writes.
 */
export async function reserveExposure(tx: DbOrTx, roundId: number, cap: number, orders: readonly SettleableOrder[]): Promise<void> {
  if (cap <= 0) return;
  const deltas = exposureDeltas(orders);
  if (deltas.length === 0) return;
  const outcomes = pgArray(deltas.map((d) => d.outcome));
  await tx.execute(sql`
    insert into round_exposure_slots (round_id, outcome, slot, reserved, quota, cap)
    select ${roundId}::bigint, o, s, 0, 0, ${cap}::bigint
    from unnest(${outcomes}::smallint[]) as o cross join generate_series(0, ${EXPOSURE_SLOTS - 1}) as s
    order by o, s
    on conflict do nothing`);
  const rows = await queryRows<{ outcome: number; slot: number; reserved: number | string }>(
    tx,
    sql`
    select outcome, slot, reserved from round_exposure_slots
    where round_id = ${roundId} and outcome = any(${outcomes}::smallint[])
    order by outcome, slot
    for update`,
  );
  const slotsOf = new Map<number, SlotRow[]>();
  for (const r of rows) {
    const row = { outcome: Number(r.outcome), slot: Number(r.slot), reserved: Number(r.reserved) };
    slotsOf.set(row.outcome, [...(slotsOf.get(row.outcome) ?? []), row]);
  }
  const shared: (SlotRow & { quota: number })[] = [];
  for (const d of deltas) {
    const slots = slotsOf.get(d.outcome)!;
    const reserved = slots.reduce((sum, r) => sum + r.reserved, 0) + d.delta;
    if (reserved > cap) throw capRefusal(cap);
    const each = Math.floor((cap - reserved) / slots.length);
    for (const r of slots) {
      const mine = r.reserved + (r.slot === 0 ? d.delta : 0);
      shared.push({ outcome: r.outcome, slot: r.slot, reserved: mine, quota: mine + each });
    }
  }
  await tx.execute(sql`
    update round_exposure_slots e set reserved = n.reserved, quota = n.quota, cap = ${cap}::bigint
    from unnest(${pgArray(shared.map((r) => r.outcome))}::smallint[], ${pgArray(shared.map((r) => r.slot))}::smallint[],
                ${pgArray(shared.map((r) => r.reserved))}::bigint[], ${pgArray(shared.map((r) => r.quota))}::bigint[]) as n(outcome, slot, reserved, quota)
    where e.round_id = ${roundId} and e.outcome = n.outcome and e.slot = n.slot`);
}

/** Each outcome's reservation of the rounds `rounds` selects (a query of round ids): its slots summed, with the cap. */
const reservations = (rounds: SQL) => sql`
  select round_id, outcome, sum(reserved)::bigint as reserved, max(cap) as cap
  from round_exposure_slots where round_id in (${rounds}) group by round_id, outcome`;

/** A round's reservation at its fullest: the largest outcome's and the cap it was judged against (null without rows). */
export async function roundExposureUse(db: DbOrTx, roundId: number): Promise<{ reserved: number; cap: number } | null> {
  const [row] = await queryRows<{ reserved: number | string; cap: number | string }>(
    db,
    sql`select reserved, cap from (${reservations(sql`${roundId}::bigint`)}) as e order by reserved desc limit 1`,
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
 * every player's lock is taken before any exposure row's), then the rows of the batch's `slot` locked in
 * outcome order where their quota, shared out under the bet's cap, holds the delta, and raised. `exposureHeld` is true when every outcome
 * was; the statement fails on `CAP_REACHED` otherwise (a row missing or its quota short), nothing of it
 * is applied, and the general path judges the bets against the whole reservation.
 */
export const batchExposureCtes = (c: ReturnType<typeof batchExposureColumns> & { slot: string }) => sql`
    xd as (
      select * from unnest(${c.bet}::int[], ${c.outcome}::smallint[], ${c.delta}::bigint[], ${c.cap}::bigint[]) as xd(i, outcome, delta, cap)
    ),
    xs as (
      select ok.round_id, xd.outcome, sum(xd.delta)::bigint as delta, min(xd.cap) as cap
      from u join ok on ok.i = u.i join xd on xd.i = u.i
      group by ok.round_id, xd.outcome
    ),
    xl as (
      select e.round_id, e.outcome from round_exposure_slots e join xs on xs.round_id = e.round_id and xs.outcome = e.outcome
      where e.slot = ${c.slot}::smallint and e.cap = xs.cap and e.reserved + xs.delta <= e.quota
      order by e.round_id, e.outcome
      for update of e
    ),
    x as (
      update round_exposure_slots e set reserved = e.reserved + xs.delta
      from xs join xl on xl.round_id = xs.round_id and xl.outcome = xs.outcome
      where e.round_id = xs.round_id and e.outcome = xs.outcome and e.slot = ${c.slot}::smallint and e.reserved + xs.delta <= e.quota
      returning 1
    )`;

export const exposureHeld = sql`(select count(*) from x) = (select count(*) from xs)`;

/** Per game, the fullest reservation of its round `issue` (games with no reservation are absent), cents. */
export async function fullestReservations(db: DbOrTx, gameIds: readonly number[], issue: string): Promise<Map<number, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await queryRows<{ game_id: number; reserved: number | string }>(
    db,
    sql`select r.game_id, max(e.reserved) as reserved
    from (${reservations(sql`select id from rounds where game_id = any(${pgArray(gameIds)}::smallint[]) and issue = ${issue}`)}) as e
    join rounds r on r.id = e.round_id
    group by r.game_id`,
  );
  return new Map(rows.map((r) => [Number(r.game_id), Number(r.reserved)]));
}
