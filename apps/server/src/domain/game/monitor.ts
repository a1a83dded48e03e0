/**
 * The round monitor: the current round of a game with its stakes by class and the
 * house's result for every total that could be drawn, and recent drawn rounds with stakes, payouts and
 * house result. Seeds appear only for drawn rounds (the column is empty until the draw): no call
 * reveals a future seed, and nothing here writes.
 */
import { sql } from 'drizzle-orm';
import { allDigitTriples, appliedOdds, formatMoney, type ApiLang, type Digits } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { className } from '../../present.js';
import type { RoundTiming } from './roundClock.js';
import { roundExposureUse } from '../betting/exposureCap.js';

const unix = (v: unknown) => (v === null || v === undefined ? null : Math.floor(new Date(v as string).getTime() / 1000));

/** Triples grouped by their total (0–27). */
const TRIPLES_BY_TOTAL: Digits[][] = (() => {
  const out: Digits[][] = Array.from({ length: 28 }, () => []);
  for (const d of allDigitTriples()) out[d[0] + d[1] + d[2]]!.push(d);
  return out;
})();

export interface StakeGroup {
  playType: number;
  odds: number;
  oddsSpecial: number | null;
  /** Stakes, cents. */
  amount: number;
}

/**
 * For each total, the house's result if it were drawn: stakes minus payouts. Classes that depend on
 * the digits (triple, straight, pair) pay differently for different digits of one total: the worst
 * case for the house among those digits is reported, with the best case beside it.
 */
export function exposureByTotal(groups: StakeGroup[]) {
  const stakes = groups.reduce((s, g) => s + g.amount, 0);
  return TRIPLES_BY_TOTAL.map((triples, total) => {
    let worst = Infinity;
    let best = -Infinity;
    for (const digits of triples) {
      let payout = 0;
      for (const g of groups) payout += (g.amount * appliedOdds({ playType: g.playType, odds: g.odds, oddsSpecial: g.oddsSpecial }, digits)) / 100;
      const result = stakes - Math.round(payout);
      worst = Math.min(worst, result);
      best = Math.max(best, result);
    }
    return { total, house_worst: formatMoney(worst), house_best: formatMoney(best), worst_cents: worst };
  });
}

/** The current round of a game; `exposureCap` is the game's cap in force (0 = none). */
export async function currentRoundView(db: DbOrTx, gameId: number, timing: RoundTiming, lang: ApiLang, exposureCap: number) {
  const [round] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select id, issue, hash, opens_at, closes_at, draws_at, drawn_at from rounds where game_id = ${gameId} and issue = ${timing.issue}`,
  );
  const groups = round
    ? await queryRows<{ play_type: number; odds: number; odds_special: number | null; amount: string | number; n: number }>(
        db,
        sql`
        select play_type, odds, odds_special, sum(amount)::bigint as amount, count(*)::int as n
        from orders where round_id = ${round.id} group by play_type, odds, odds_special order by play_type`,
      )
    : [];
  const stakeGroups: StakeGroup[] = groups.map((g) => ({
    playType: Number(g.play_type),
    odds: Number(g.odds),
    oddsSpecial: g.odds_special === null ? null : Number(g.odds_special),
    amount: Number(g.amount),
  }));
  const byClass = new Map<number, { amount: number; orders: number }>();
  for (const g of groups) {
    const c = byClass.get(Number(g.play_type)) ?? { amount: 0, orders: 0 };
    byClass.set(Number(g.play_type), { amount: c.amount + Number(g.amount), orders: c.orders + Number(g.n) });
  }
  const reservation = round ? await roundExposureUse(db, Number(round.id)) : null;
  const [players] = round
    ? await queryRows<{ n: number }>(db, sql`select count(distinct user_id)::int as n from orders where round_id = ${round.id}`)
    : [{ n: 0 }];
  return {
    game_id: gameId,
    issue: timing.issue,
    opens_at: Math.floor(timing.opensAt / 1000),
    closes_at: Math.floor(timing.closesAt / 1000),
    draws_at: Math.floor(timing.drawsAt / 1000),
    /** The published commitment (SHA-256 of the seed); the seed itself stays secret until the draw. */
    hash: (round?.hash as string | undefined) ?? null,
    orders: [...byClass.values()].reduce((s, c) => s + c.orders, 0),
    players: Number(players?.n ?? 0),
    stakes: formatMoney(stakeGroups.reduce((s, g) => s + g.amount, 0)),
    by_class: [...byClass.entries()].map(([playType, c]) => ({
      class: playType,
      name: className(lang, playType),
      orders: c.orders,
      stakes: formatMoney(c.amount),
    })),
    exposure: exposureByTotal(stakeGroups).map(({ worst_cents: _w, ...e }) => e),
    exposure_cap: formatMoney(exposureCap),
    exposure_reserved: formatMoney(reservation?.reserved ?? 0),
  };
}

/** Drawn rounds, newest first, with result, stakes, payouts and the house's result, and the revealed seed. */
/** A game's drawn rounds, newest first; `issue`, when given, keeps only that round (rounds_game_issue_uq). */
export async function recentRounds(db: DbOrTx, gameId: number, page = 1, limit = 20, issue?: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select r.id, r.issue, r.hash, r.seed, r.digit1, r.digit2, r.digit3, r.total, r.draws_at, r.drawn_at,
           coalesce(o.stakes, 0)::bigint as stakes, coalesce(o.payouts, 0)::bigint as payouts, coalesce(o.n, 0)::int as orders,
           count(*) over () as count_all
    from rounds r
    left join lateral (select sum(amount) as stakes, sum(coalesce(payout, 0)) as payouts, count(*) as n from orders where round_id = r.id) o on true
    where r.game_id = ${gameId} and r.drawn_at is not null ${issue === undefined ? sql`` : sql`and r.issue = ${issue}`}
    order by r.draws_at desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  return {
    total: Number(rows[0]?.count_all ?? 0),
    list: rows.map((r) => ({
      id: Number(r.id),
      issue: String(r.issue),
      digits: [Number(r.digit1), Number(r.digit2), Number(r.digit3)],
      total: Number(r.total),
      draws_at: unix(r.draws_at),
      drawn_at: unix(r.drawn_at),
      hash: String(r.hash),
      seed: (r.seed as string | null) ?? null,
      orders: Number(r.orders),
      stakes: formatMoney(Number(r.stakes)),
      payouts: formatMoney(Number(r.payouts)),
      house: formatMoney(Number(r.stakes) - Number(r.payouts)),
    })),
  };
}
