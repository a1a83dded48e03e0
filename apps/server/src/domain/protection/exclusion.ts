/**
 * Time-outs and self-exclusions. While one lasts the player cannot sign in, bet or
 * deposit; a pending withdrawal still goes through the operators' queue. Nothing ends one early: there
 * is no call to lift it, for the player or an operator — only its end time, which a new break can
 * move later but never sooner.
 */
import { sql } from 'drizzle-orm';
import { breakEndsAt, type BreakDuration, type ExclusionKind } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { localTime } from './periods.js';

export interface Exclusion {
  kind: ExclusionKind;
  until: number;
  since: number | null;
}

/** The exclusion in force at `now` from a users row's columns (raw SQL or Drizzle names), or null. */
export function exclusionOf(
  row: {
    excluded_until?: unknown;
    exclusion_kind?: unknown;
    excluded_at?: unknown;
    excludedUntil?: Date | null;
    exclusionKind?: string | null;
    excludedAt?: Date | null;
  },
  now: number,
): Exclusion | null {
  const untilRaw = row.excludedUntil ?? row.excluded_until;
  if (untilRaw === null || untilRaw === undefined) return null;
  const until = new Date(untilRaw as string).getTime();
  if (until <= now) return null;
  const sinceRaw = row.excludedAt ?? row.excluded_at;
  return {
    kind: (row.exclusionKind ?? row.exclusion_kind ?? 'timeout') as ExclusionKind,
    until,
    since: sinceRaw ? new Date(sinceRaw as string).getTime() : null,
  };
}

/** Refuses whatever an excluded player asks for, naming when the exclusion ends. */
export function refuseIfExcluded(exclusion: Exclusion | null, timeZone: string): void {
  if (!exclusion) return;
  throw new AppError(exclusion.kind === 'self_exclusion' ? 'err.excluded_self' : 'err.excluded_timeout', {
    params: { until: localTime(exclusion.until, timeZone) },
  });
}

/**
 * Starts a break in the caller's transaction and ends every session of the player. A break that
 * would end sooner than one already running leaves the running one as it is.
 */
export async function startBreak(tx: DbOrTx, opts: { userId: number; kind: ExclusionKind; duration: BreakDuration; now: number }): Promise<Exclusion> {
  const until = breakEndsAt(opts.now, opts.duration);
  const at = new Date(opts.now).toISOString();
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    update users set
      exclusion_kind = case when excluded_until is null or excluded_until < ${new Date(until).toISOString()} then ${opts.kind} else exclusion_kind end,
      excluded_at = case when excluded_until is null or excluded_until <= ${at} then ${at}::timestamptz else excluded_at end,
      excluded_until = greatest(coalesce(excluded_until, ${at}::timestamptz), ${new Date(until).toISOString()}::timestamptz)
    where id = ${opts.userId}
    returning excluded_until, exclusion_kind, excluded_at`,
  );
  await tx.execute(sql`update sessions set revoked_at = ${at} where user_id = ${opts.userId} and revoked_at is null`);
  return exclusionOf(row!, opts.now)!;
}

export function presentExclusion(e: Exclusion | null) {
  return e ? { kind: e.kind, until: Math.floor(e.until / 1000), since: e.since === null ? null : Math.floor(e.since / 1000) } : null;
}
