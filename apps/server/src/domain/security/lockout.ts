import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

/**
 * Back-off lockout per key. Keys combine the account with the caller's IP for logins, so an attacker
 * elsewhere cannot lock a victim out; for security codes the key is the user (the caller is the
 * victim's own session). After `freeAttempts` failures every further failure doubles the wait.
 */
export interface LockoutPolicy {
  freeAttempts: number;
  baseSeconds: number;
  maxSeconds: number;
}

export const LOGIN_LOCKOUT: LockoutPolicy = { freeAttempts: 5, baseSeconds: 60, maxSeconds: 3600 };
export const SECURITY_CODE_LOCKOUT: LockoutPolicy = { freeAttempts: 5, baseSeconds: 300, maxSeconds: 86400 };

export async function assertNotLocked(db: DbOrTx, key: string, now: Date): Promise<void> {
  const [row] = await queryRows<{ locked_until: Date | string | null }>(
    db,
    sql`select locked_until from auth_failures where key = ${key}`,
  );
  if (!row?.locked_until) return;
  const until = new Date(row.locked_until);
  if (until > now) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60000));
    throw new AppError('err.too_many_attempts', { params: { minutes }, httpStatus: 429 });
  }
}

export async function recordFailure(db: DbOrTx, key: string, policy: LockoutPolicy, now: Date): Promise<void> {
  const [row] = await queryRows<{ failures: number }>(db, sql`
    insert into auth_failures (key, failures, updated_at) values (${key}, 1, ${now.toISOString()})
    on conflict (key) do update set failures = auth_failures.failures + 1, updated_at = excluded.updated_at
    returning failures`);
  const failures = Number(row!.failures);
  const over = failures - policy.freeAttempts;
  if (over >= 0) {
    const seconds = Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** over);
    const until = new Date(now.getTime() + seconds * 1000);
    await db.execute(sql`update auth_failures set locked_until = ${until.toISOString()} where key = ${key}`);
  }
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from auth_failures where key = ${key}`);
}
