import { BET_CLASSES, DEFAULT_ODDS, EVEN_MONEY_PAID, houseEdgeScaled, returnToPlayer } from '@lucky28/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { classWinCounts, orderEdgeScaled } from '../../src/domain/game/houseEdge.js';
import { openTestDatabase } from '../helpers.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Each class at its default odds, at changed odds, and at odds with a different middle (13/14) multiple. */
const cases = BET_CLASSES.flatMap((c) => {
  const d = DEFAULT_ODDS.get(c.id)!;
  return [
    { playType: c.id, amount: 1234, odds: d.odds, oddsSpecial: d.oddsSpecial ?? null },
    { playType: c.id, amount: 99_999, odds: d.odds - 7, oddsSpecial: d.oddsSpecial == null ? null : d.oddsSpecial - 3 },
  ];
});

describe('the house edge of a stake', () => {
  it('is stake × (1 − RTP at its odds), the same in JavaScript and in SQL for every class', async () => {
    const values = sql.join(
      cases.map((o) => sql`(${o.playType}::int, ${o.amount}::bigint, ${o.odds}::int, ${o.oddsSpecial}::int)`),
      sql`, `,
    );
    const res = await database.db.execute(
      sql`select o.play_type, ${orderEdgeScaled('o')}::text as edge from (values ${values}) as o(play_type, amount, odds, odds_special)
          join ${classWinCounts()} on class_wins.play_type = o.play_type`,
    );
    const rows = (res as unknown as { rows: { edge: string }[] }).rows;
    expect(rows).toHaveLength(cases.length);
    rows.forEach((r, i) => {
      const o = cases[i]!;
      expect(Number(r.edge), `class ${o.playType}`).toBe(houseEdgeScaled(o));
      expect(houseEdgeScaled(o) / EVEN_MONEY_PAID).toBeCloseTo(o.amount * (1 - returnToPlayer(o.playType, o)), 6);
    });
  });

  it('is never negative, even at odds that would favour the player', () => {
    expect(houseEdgeScaled({ playType: 1, amount: 100, odds: 300, oddsSpecial: null })).toBe(0);
  });
});
