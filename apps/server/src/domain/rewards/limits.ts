/**
 * The two rules that leave nothing to farm (issue 42, docs/design.md "Rewards"), as the database enforces them
 * (migration 0015) and as the console is told of them: one enabled campaign of a kind over any stretch of time,
 * scheduled ones included; and rakeback's top tier with the referral levels below the whole house edge.
 */
import { percentText } from '../referral/team.js';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { violatedConstraint } from '../../db/failures.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

/** The database's name of the rule, raised by its trigger on campaigns and referral_settings. */
const EDGE_SHARE = 'reward_edge_share';
const ONE_AT_A_TIME = /^campaigns_[a-z_]+_one_at_a_time$/;

/** How far before now a new start may be: the console's clock and the server's may differ a little. */
export const START_GRACE_MS = 60_000;

/** An enabled campaign of `kind` other than `exceptId` whose period overlaps [starts, ends). */
export async function overlappingCampaign(db: DbOrTx, opts: { kind: string; exceptId?: number; starts: string; ends: string | null }): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`
    select id from campaigns
    where kind = ${opts.kind} and enabled and id <> ${opts.exceptId ?? 0}
      and tstzrange(starts_at, greatest(starts_at, coalesce(ends_at, 'infinity'::timestamptz)))
        && tstzrange(${opts.starts}::timestamptz, greatest(${opts.starts}::timestamptz, coalesce(${opts.ends}::timestamptz, 'infinity'::timestamptz)))
    order by id limit 1`,
  );
  return row ? Number(row.id) : null;
}

/** The refusal of a share of the edge reaching 100 %, from the trigger's detail ("<top tier bp> <referral bp>"), under `field`. */
export function edgeShareRefusal(err: unknown, field: string): AppError | undefined {
  const v = violatedConstraint(err);
  if (!v || v.constraint !== EDGE_SHARE) return undefined;
  const [rakeback = 0, referral = 0] = v.detail.split(' ').map(Number);
  return new AppError('err.reward_edge_share', {
    field,
    params: { rakeback: percentText(rakeback), referral: percentText(referral), total: percentText(rakeback + referral) },
  });
}

/** Whether a failure is the database refusing a second campaign of a kind over the same period. */
export const isOverlapRefusal = (err: unknown) => ONE_AT_A_TIME.test(violatedConstraint(err)?.constraint ?? '');
