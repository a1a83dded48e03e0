/**
 * What counts toward a rakeback tier and a bonus's wagering (issue 42): the player's money at risk, round by
 * round — per game round, across its rooms, the settled stakes less the smallest payout over the 1,000 digit
 * triples (game/moneyAtRisk.ts in packages/shared). A fully hedged round counts nothing.
 */
import { moneyAtRisk, type SettleableOrder } from '@lucky28/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

export interface RoundAtRisk {
  /** When the round's orders were settled, ms. */
  settledAt: number;
  /** Cents. */
  atRisk: number;
}

/** The player's settled rounds among their orders matching `where` (on alias `o`), each with its money at risk. */
export async function roundsAtRisk(db: DbOrTx, userId: number, where: SQL): Promise<RoundAtRisk[]> {
  const rows = await queryRows<{ round_id: string; settled_at: string; play_type: number; odds: number; odds_special: number | null; amount: string }>(
    db,
    sql`
    select o.round_id::text as round_id, max(o.settled_at) as settled_at, o.play_type, o.odds, o.odds_special, sum(o.amount)::text as amount
    from orders o where o.user_id = ${userId} and o.status = 1 and ${where}
    group by o.round_id, o.play_type, o.odds, o.odds_special`,
  );
  const rounds = new Map<string, { settledAt: number; lines: SettleableOrder[] }>();
  for (const r of rows) {
    const round = rounds.get(r.round_id) ?? { settledAt: 0, lines: [] };
    round.settledAt = Math.max(round.settledAt, new Date(r.settled_at).getTime());
    round.lines.push({
      playType: Number(r.play_type),
      odds: Number(r.odds),
      oddsSpecial: r.odds_special === null ? null : Number(r.odds_special),
      amount: Number(r.amount),
    });
    rounds.set(r.round_id, round);
  }
  return [...rounds.values()].map((r) => ({ settledAt: r.settledAt, atRisk: moneyAtRisk(r.lines) }));
}

/** A bonus's wagering: the money at risk of the player's settled orders placed at or after `since` (ms). */
export async function atRiskSince(db: DbOrTx, userId: number, since: number): Promise<number> {
  const rounds = await roundsAtRisk(db, userId, sql`o.created_at >= ${new Date(since).toISOString()}`);
  return rounds.reduce((s, r) => s + r.atRisk, 0);
}
