import { BET_CLASSES, EVEN_MONEY_PAID, winCountsOf } from '@lucky28/shared';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The theoretical house edge of settled orders in SQL, the same formula as `houseEdgeScaled` in
 * packages/shared (cents × EVEN_MONEY_PAID, exact, never negative), so a day's commissions or rakeback
 * are one set-based statement and the reconciliation can recompute them in JavaScript.
 *
 * Use: `from orders o join ${classWinCounts()} on class_wins.play_type = o.play_type` and sum
 * `${orderEdgeScaled('o')}`.
 */
export function classWinCounts(): SQL {
  const rows = BET_CLASSES.map((c) => {
    const { plain, middle } = winCountsOf(c.id);
    return sql`(${sql.raw(String(c.id))}, ${sql.raw(String(plain))}, ${sql.raw(String(middle))})`;
  });
  return sql`(values ${sql.join(rows, sql`, `)}) as class_wins(play_type, plain, middle)`;
}

/** An order's edge (numeric, cents × EVEN_MONEY_PAID) for the orders alias given, joined to class_wins. */
export function orderEdgeScaled(orders: string): SQL {
  const o = sql.identifier(orders);
  return sql`(${o}.amount::numeric * greatest(0, ${sql.raw(String(EVEN_MONEY_PAID))} - (class_wins.plain * ${o}.odds + class_wins.middle * coalesce(${o}.odds_special, ${o}.odds))))`;
}
