/** The rakeback campaign's progress: what each operator-day of play gives back, by tier (progress.ts reads it). */
import { sql } from 'drizzle-orm';
import { EVEN_MONEY_PAID, RAKEBACK_CLAIM_DAYS, RAKEBACK_TIER_DAYS, type RakebackTerms, type RewardState } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { classWinCounts, orderEdgeScaled } from '../game/houseEdge.js';
import { LedgerType } from '../ledger/post.js';
import { roundsAtRisk } from './atRisk.js';
import type { Campaign } from './campaigns.js';
import { addDays, dayBounds, today } from './days.js';
import { claimsOf, type Ctx, type DueClaim, type Progress, type RakebackDay } from './progressCommon.js';

/** Days shown on a rakeback card: today, the RAKEBACK_CLAIM_DAYS claimable ones, and as many lapsed before them. */
const RAKEBACK_SHOWN_DAYS = 2 * RAKEBACK_CLAIM_DAYS + 1;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rakeback: for each operator-day, the house edge of the player's stakes settled that day (within the
 * campaign) × the rate of their tier (judged on the money at risk of the rounds settled in the
 * RAKEBACK_TIER_DAYS days up to that day's end: atRisk.ts), rounded down to the cent once per player-day. Claimable from the next day for
 * RAKEBACK_CLAIM_DAYS days, then lapsed.
 */
export async function rakebackProgress(db: DbOrTx, c: Campaign, ctx: Ctx): Promise<Progress> {
  const terms = c.terms as RakebackTerms;
  const todayDate = today(ctx.now, ctx.timeZone);
  const days = Array.from({ length: RAKEBACK_SHOWN_DAYS }, (_, i) => addDays(todayDate, -i));
  const values = days.map((d) => {
    const [s, e] = dayBounds(d, ctx.timeZone);
    return sql`(${d}, ${new Date(s).toISOString()}::timestamptz, ${new Date(e).toISOString()}::timestamptz)`;
  });
  const from = new Date(c.startsAt).toISOString();
  const to = c.endsAt === null ? null : new Date(c.endsAt).toISOString();
  const rows = await queryRows<{ day: string; edge: string }>(
    db,
    sql`
    select d.day, coalesce(e.edge, 0)::text as edge
    from (values ${sql.join(values, sql`, `)}) as d(day, s, e)
    left join lateral (
      select sum(${orderEdgeScaled('o')}) as edge from orders o join ${classWinCounts()} on class_wins.play_type = o.play_type
      where o.user_id = ${ctx.userId} and o.status = 1
        and o.settled_at >= greatest(d.s, ${from}::timestamptz) and o.settled_at < least(d.e, ${to}::timestamptz)
    ) e on true`,
  );
  // A tier is judged on the money at risk of the rounds settled in the RAKEBACK_TIER_DAYS days up to the day's end.
  const ends = new Map(days.map((d) => [d, dayBounds(d, ctx.timeZone)[1]]));
  const windowMs = RAKEBACK_TIER_DAYS * DAY_MS;
  const oldestEnd = ends.get(days[days.length - 1]!)!;
  const rounds = await roundsAtRisk(
    db,
    ctx.userId,
    sql`o.settled_at >= ${new Date(oldestEnd - windowMs).toISOString()} and o.settled_at < ${new Date(ends.get(todayDate)!).toISOString()}`,
  );
  const tierTurnover = (day: string) => {
    const end = ends.get(day)!;
    return rounds.reduce((sum, r) => (r.settledAt >= end - windowMs && r.settledAt < end ? sum + r.atRisk : sum), 0);
  };
  const claimed = new Map((await claimsOf(db, c.id, ctx.userId, days)).map((r) => [r.period, r.amount]));
  const tierOf = (stakes: number) => {
    let tier: number | null = null;
    terms.tiers.forEach((t, i) => {
      if (stakes >= t.min_stake) tier = i;
    });
    return tier as number | null;
  };
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const shown: RakebackDay[] = [];
  let todayAmount = 0;
  for (const [i, day] of days.entries()) {
    const r = byDay.get(day)!;
    const tier = tierOf(tierTurnover(day));
    const rate = tier === null ? 0n : BigInt(terms.tiers[tier]!.rate_bp);
    // Round down once per player-day: the edge is exact (cents × EVEN_MONEY_PAID), the rate in basis points.
    const amount = Number((BigInt(r.edge.split('.')[0]!) * rate) / (BigInt(EVEN_MONEY_PAID) * 10_000n));
    const lapsesOn = addDays(day, RAKEBACK_CLAIM_DAYS);
    if (i === 0) {
      todayAmount = amount;
      if (amount > 0) shown.push({ day, amount, state: 'accruing', lapsesOn });
      continue;
    }
    const paid = claimed.get(day);
    if (paid !== undefined) shown.push({ day, amount: paid, state: 'claimed', lapsesOn });
    else if (amount > 0) shown.push({ day, amount, state: i <= RAKEBACK_CLAIM_DAYS ? 'available' : 'expired', lapsesOn });
  }
  const due = shown
    .filter((d) => d.state === 'available')
    .map((d): DueClaim => ({ period: d.day, kind: 'rakeback', amount: d.amount, wallet: 'money', ledgerType: LedgerType.rakeback }));
  const has = (s: RakebackDay['state']) => shown.some((d) => d.state === s);
  const state: RewardState = due.length ? 'available' : todayAmount > 0 ? 'in_progress' : has('claimed') ? 'claimed' : has('expired') ? 'expired' : 'waiting';
  const stakes30d = tierTurnover(todayDate);
  return { state, due, rakeback: { tier: tierOf(stakes30d), stakes30d, today: todayAmount, days: shown } };
}
