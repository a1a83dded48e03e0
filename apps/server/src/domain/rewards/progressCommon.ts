/**
 * What every kind's progress reader shares (progress.ts dispatches to rakeback.ts, bonus.ts,
 * checkIn.ts): the shape of a campaign's progress and the player's claims of it.
 */
import { sql } from 'drizzle-orm';
import type { RewardState } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import type { Wallet } from '../ledger/post.js';

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

export interface Ctx {
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

export async function claimsOf(db: DbOrTx, campaignId: number, userId: number, periods?: string[]): Promise<ClaimRow[]> {
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
