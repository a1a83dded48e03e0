/** The operators' read-only view of a player's protection (the console's user page). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { exclusionOf, presentExclusion } from './exclusion.js';
import { inForce, presentLimit, readLimits } from './limits.js';

export async function protectionStatus(db: DbOrTx, userId: number, now: number) {
  const [user] = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select excluded_until, exclusion_kind, excluded_at, reality_check_minutes from users where id = ${userId}`,
  );
  const limits = (await readLimits(db, userId))
    .filter((r) => inForce(r, now) !== null || (r.pendingFrom !== null && r.pendingFrom > now))
    .map((r) => {
      const { used: _used, resets_at: _resets, ...shown } = presentLimit(r, now, 'UTC', 0);
      return shown;
    });
  return {
    exclusion: presentExclusion(user ? exclusionOf(user, now) : null),
    limits,
    reality_check: Number(user?.reality_check_minutes ?? 60),
  };
}
