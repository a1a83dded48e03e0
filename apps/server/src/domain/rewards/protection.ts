/**
 * Player protection comes first (docs/design.md#growth-rewards-and-operations): no campaign is offered to, and no reward claimed by, a
 * player in a time-out or self-exclusion, a player who opted out of promotions, or one who has reached
 * a stake or loss limit — until that limit resets.
 */
import { sql } from 'drizzle-orm';
import type { LimitPeriod } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { exclusionOf, refuseIfExcluded } from '../protection/exclusion.js';
import { inForce, readLimits, usageOf } from '../protection/limits.js';
import { localTime, periodBounds, periodWindows } from '../protection/periods.js';

export interface PromotionBlock {
  optOut: boolean;
  /** When a stake or loss limit reached now resets (operator time, "YYYY-MM-DD HH:mm"), or null. */
  limitResets: string | null;
}

/** What keeps rewards from the player now; an exclusion is refused outright (err.excluded_*). */
export async function promotionBlock(db: DbOrTx, opts: { userId: number; now: number; timeZone: string }): Promise<PromotionBlock> {
  const [user] = await queryRows<Record<string, unknown>>(
    db,
    sql`select promotions_opt_out, excluded_until, exclusion_kind, excluded_at from users where id = ${opts.userId}`,
  );
  if (!user) throw new AppError('err.not_found');
  refuseIfExcluded(exclusionOf(user, opts.now), opts.timeZone);
  const limits = (await readLimits(db, opts.userId, ['stake', 'loss'])).flatMap((r) => {
    const limit = inForce(r, opts.now);
    return limit === null ? [] : [{ ...r, amount: limit }];
  });
  let resets: number | null = null;
  if (limits.length > 0) {
    const used = await usageOf(db, { userId: opts.userId, limits, now: opts.now, windows: periodWindows(opts.now, opts.timeZone) });
    for (const l of limits) {
      if ((used.get(l) ?? 0) < l.amount!) continue;
      const end = periodBounds(l.period as LimitPeriod, opts.now, opts.timeZone).end;
      resets = Math.max(resets ?? 0, end);
    }
  }
  return { optOut: Boolean(user.promotions_opt_out), limitResets: resets === null ? null : localTime(resets, opts.timeZone) };
}

/** Refuses a claim the block forbids. */
export function refuseIfBlocked(block: PromotionBlock): void {
  if (block.optOut) throw new AppError('err.promotions_opted_out');
  if (block.limitResets) throw new AppError('err.promotions_limit_reached', { params: { resets: block.limitResets } });
}

export async function setPromotionsOptOut(db: DbOrTx, userId: number, optOut: boolean): Promise<void> {
  await db.execute(sql`update users set promotions_opt_out = ${optOut} where id = ${userId}`);
}
