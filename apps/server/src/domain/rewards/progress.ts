/**
 * The one progress reader: what a campaign owes a player at `now` and how far along they are, for
 * every kind. The player's card (present.ts) and the claim path (claim.ts) both read it — the claim
 * inside its transaction, with the player's row locked, so what it pays is what the card said.
 */
import { sql } from 'drizzle-orm';
import {
  CHECK_IN_DAYS,
  EVEN_MONEY_PAID,
  RAKEBACK_CLAIM_DAYS,
  RAKEBACK_TIER_DAYS,
  type CheckInTerms,
  type FirstDepositTerms,
  type RakebackTerms,
  type RewardState,
} from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { classWinCounts, orderEdgeScaled } from '../game/houseEdge.js';
import { LedgerType, type Wallet } from '../ledger/post.js';
import { atRiskSince, roundsAtRisk } from './atRisk.js';
import { bonusWinnings } from './bonusFunds.js';
import type { Campaign } from './campaigns.js';
import { addDays, dayBounds, today } from './days.js';

/** A claim the player may make now: its unique period, what it pays and where. */
export interface DueClaim {
  period: string;
  kind: 'rakeback' | 'check_in' | 'bonus_grant' | 'bonus_release';
  amount: number;
  /** Null for a bonus release (it moves stored funds to the balance: two rows). */
  wallet: Wallet | null;
  ledgerType: number;
  wagerRequired?: number;
  streakDay?: number;
}

export interface RakebackDay {
  day: string;
  amount: number;
  state: 'accruing' | 'available' | 'claimed' | 'expired';
  lapsesOn: string;
}

export interface Progress {
  state: RewardState;
  due: DueClaim[];
  rakeback?: { tier: number | null; stakes30d: number; today: number; days: RakebackDay[] };
  /**
   * `expiredReason` says why the bonus is over unreleased: 'withdrawal' (not granted: one was made after the
   * first deposit) or 'forfeited' (granted, then given up: `forfeited` says what it took); `forfeit` is what a
   * forfeit would take now, while a granted bonus is being wagered (forfeit.ts).
   */
  bonus?: {
    amount: number | null;
    staked: number;
    required: number;
    released: number | null;
    expiredReason: 'withdrawal' | 'forfeited' | null;
    forfeited: number | null;
    forfeit: BonusForfeit | null;
  };
  checkIn?: { streak: number; todayDone: boolean; nextDay: number };
}

/** What forfeiting a bonus being wagered takes now: what is left of it in stored funds, and what bets paid with it won (bonusFunds.ts). */
export interface BonusForfeit {
  left: number;
  won: number;
  openBets: boolean;
}

interface Ctx {
  userId: number;
  now: number;
  timeZone: string;
}

export interface ClaimRow {
  period: string;
  kind: string;
  amount: number;
  wagerRequired: number;
  streakDay: number | null;
  createdAt: number;
}

async function claimsOf(db: DbOrTx, campaignId: number, userId: number, periods?: string[]): Promise<ClaimRow[]> {
  const only = periods
    ? sql`and period in (${sql.join(
        periods.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select period, kind, amount, wager_required, streak_day, created_at from reward_claims
    where campaign_id = ${campaignId} and user_id = ${userId} ${only} order by period`,
  );
  return rows.map((r) => ({
    period: String(r.period),
    kind: String(r.kind),
    amount: Number(r.amount),
    wagerRequired: Number(r.wager_required),
    streakDay: r.streak_day === null ? null : Number(r.streak_day),
    createdAt: new Date(r.created_at as string).getTime(),
  }));
}

/** Days shown on a rakeback card: today, the RAKEBACK_CLAIM_DAYS claimable ones, and as many lapsed before them. */
const RAKEBACK_SHOWN_DAYS = 2 * RAKEBACK_CLAIM_DAYS + 1;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rakeback: for each operator-day, the house edge of the player's stakes settled that day (within the
 * campaign) × the rate of their tier (judged on the money at risk of the rounds settled in the
 * RAKEBACK_TIER_DAYS days up to that day's end: atRisk.ts), rounded down to the cent once per player-day. Claimable from the next day for
 * RAKEBACK_CLAIM_DAYS days, then lapsed.
 */
async function rakebackProgress(db: DbOrTx, c: Campaign, ctx: Ctx): Promise<Progress> {
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

/**
 * What is left of a granted bonus in stored funds: the grant less the stakes taken from stored funds
 * (orders' from_score, settled or not) since the grant, and never more than the stored funds hold.
 * Check-in rewards also wait in stored funds; only the bonus may be released as "bonus", so the
 * stakes from stored funds are counted against the bonus first and nothing else is ever moved.
 */
export async function bonusLeft(db: DbOrTx, userId: number, grant: ClaimRow): Promise<number> {
  const [row] = await queryRows<{ from_score: string; score: string }>(
    db,
    sql`
    select coalesce((select sum(from_score) from orders where user_id = ${userId} and created_at >= ${new Date(grant.createdAt).toISOString()}), 0)::text as from_score,
      score::text as score
    from users where id = ${userId}`,
  );
  return Math.max(0, Math.min(grant.amount - Number(row?.from_score ?? 0), Number(row?.score ?? 0)));
}

/**
 * Whether the player made a withdrawal (pending or approved) at or after the approval of `depositId`
 * (their first approved deposit). Read inside the claim's transaction after the player's row is locked, as the withdrawal
 * path reads the grant: a withdrawal and a grant at the same moment cannot both go through.
 */
async function withdrewSince(db: DbOrTx, userId: number, depositId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from withdrawals
    where user_id = ${userId} and status in (0, 1) and created_at >= (select reviewed_at from deposits where id = ${depositId})`,
  );
  return Number(row?.n ?? 0) > 0;
}

/**
 * First-deposit bonus: x % of the player's first approved deposit (approved while the campaign runs) up
 * to the cap, granted to stored funds with a wagering requirement of bonus × N; once the player's
 * money at risk since the grant (atRisk.ts: a hedge wagers nothing) reaches it, the bonus (what is left of it in stored funds, see
 * `bonusLeft`) is released to the withdrawable balance by a second claim — or, while the requirement is
 * unmet, the player may forfeit it (forfeit.ts; the card carries what that takes). It is offered only while no
 * withdrawal (pending or approved) was made after the first approved deposit: otherwise a player could
 * take the deposit back out and play on the bonus alone.
 */
async function firstDepositProgress(db: DbOrTx, c: Campaign, ctx: Ctx): Promise<Progress> {
  const terms = c.terms as FirstDepositTerms;
  const claims = await claimsOf(db, c.id, ctx.userId);
  const grant = claims.find((r) => r.period === 'grant');
  // A bonus ends once, in its 'release' period: released to the balance, or forfeited (forfeit.ts).
  const release = claims.find((r) => r.period === 'release');
  if (grant) {
    const staked = await atRiskSince(db, ctx.userId, grant.createdAt);
    const bonus = { amount: grant.amount, staked, required: grant.wagerRequired, released: null, expiredReason: null, forfeited: null, forfeit: null };
    if (release?.kind === 'bonus_forfeit') return { state: 'expired', due: [], bonus: { ...bonus, expiredReason: 'forfeited', forfeited: release.amount } };
    if (release) return { state: 'claimed', due: [], bonus: { ...bonus, released: release.amount } };
    if (staked < grant.wagerRequired) {
      const forfeit = { left: await bonusLeft(db, ctx.userId, grant), ...(await bonusWinnings(db, ctx.userId, grant)) };
      return { state: 'in_progress', due: [], bonus: { ...bonus, forfeit } };
    }
    const amount = await bonusLeft(db, ctx.userId, grant);
    return { state: 'available', due: [{ period: 'release', kind: 'bonus_release', amount, wallet: null, ledgerType: LedgerType.bonusRelease }], bonus };
  }
  const [deposit] = await queryRows<{ id: string; amount: string; reviewed_at: string }>(
    db,
    sql`
    select id::text as id, amount::text as amount, reviewed_at from deposits where user_id = ${ctx.userId} and status = 1
    order by reviewed_at, id limit 1`,
  );
  const none = { amount: null, staked: 0, required: 0, released: null, expiredReason: null, forfeited: null, forfeit: null };
  if (!deposit) return { state: 'waiting', due: [], bonus: none };
  const approved = new Date(deposit.reviewed_at).getTime();
  const amount = Math.min(terms.cap, Math.floor((Number(deposit.amount) * terms.percent) / 100));
  const inCampaign = approved >= c.startsAt && (c.endsAt === null || approved < c.endsAt);
  if (!inCampaign || amount <= 0 || (c.endsAt !== null && ctx.now >= c.endsAt)) return { state: 'expired', due: [], bonus: none };
  if (await withdrewSince(db, ctx.userId, deposit.id)) {
    return { state: 'expired', due: [], bonus: { ...none, expiredReason: 'withdrawal' } };
  }
  const wagerRequired = amount * terms.wager_multiple;
  return {
    state: 'available',
    due: [{ period: 'grant', kind: 'bonus_grant', amount, wallet: 'score', ledgerType: LedgerType.firstDepositBonus, wagerRequired }],
    bonus: { ...none, required: wagerRequired },
  };
}

/**
 * Daily check-in: one claim per operator-day; the streak continues when yesterday was claimed and
 * starts again at day 1 after a missed day or after day CHECK_IN_DAYS. The reward of the streak's day
 * goes to stored funds.
 */
async function checkInProgress(db: DbOrTx, c: Campaign, ctx: Ctx): Promise<Progress> {
  const terms = c.terms as CheckInTerms;
  const day = today(ctx.now, ctx.timeZone);
  const yesterday = addDays(day, -1);
  const recent = await claimsOf(db, c.id, ctx.userId, [yesterday, day]);
  const done = recent.find((r) => r.period === day);
  const before = recent.find((r) => r.period === yesterday);
  if (done) {
    const streak = done.streakDay ?? 1;
    return { state: 'claimed', due: [], checkIn: { streak, todayDone: true, nextDay: (streak % CHECK_IN_DAYS) + 1 } };
  }
  const carried = before?.streakDay && before.streakDay < CHECK_IN_DAYS ? before.streakDay : 0;
  const nextDay = carried + 1;
  return {
    state: 'available',
    due: [{ period: day, kind: 'check_in', amount: terms.rewards[nextDay - 1]!, wallet: 'score', ledgerType: LedgerType.checkIn, streakDay: nextDay }],
    checkIn: { streak: carried, todayDone: false, nextDay },
  };
}

/** The campaign's progress for the player at `now`. */
export function readProgress(db: DbOrTx, campaign: Campaign, ctx: Ctx): Promise<Progress> {
  switch (campaign.kind) {
    case 'rakeback':
      return rakebackProgress(db, campaign, ctx);
    case 'first_deposit':
      return firstDepositProgress(db, campaign, ctx);
    case 'check_in':
      return checkInProgress(db, campaign, ctx);
  }
}
