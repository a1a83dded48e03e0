import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

/**
 * Back-off lockout per key. Keys combine the account with the caller's IP for logins, so an attacker
 * elsewhere cannot lock a victim out; for security codes the key is the user (the caller is the
 * victim's own session). After `freeAttempts` attempts without a success every further one doubles
 * the wait.
 *
 * `withLockout` runs a check under this rule. The attempt is counted BEFORE its slow hash check,
 * atomically (`claimAttempt`: one upsert that also sets the lock), and a success forgets the count.
 * So parallel requests cannot exceed the limit: of any number sent at once, at most `freeAttempts`
 * are checked, and after that one per lock period — across any number of server nodes. Within one
 * node the attempts on one key also run one after the other, so a burst of parallel CORRECT
 * attempts (a client's retries) all pass instead of spending each other's free attempts.
 */
export interface LockoutPolicy {
  freeAttempts: number;
  baseSeconds: number;
  maxSeconds: number;
}

export const LOGIN_LOCKOUT: LockoutPolicy = { freeAttempts: 5, baseSeconds: 60, maxSeconds: 3600 };
export const SECURITY_CODE_LOCKOUT: LockoutPolicy = { freeAttempts: 5, baseSeconds: 300, maxSeconds: 86400 };

/**
 * Counts one attempt for `key` and, when it reaches the limit, locks the key for the back-off period
 * (the attempt itself still runs: it is the last one before the wait). Refuses with HTTP 429 when the
 * key is locked now; a refused attempt is not counted.
 */
export async function claimAttempt(db: DbOrTx, key: string, policy: LockoutPolicy, now: Date): Promise<void> {
  const at = now.toISOString();
  // Attempt n (n ≥ freeAttempts) locks for base · 2^(n − freeAttempts) seconds, at most maxSeconds.
  const lockFor = (attempts: ReturnType<typeof sql>) => sql`case when ${attempts} >= ${policy.freeAttempts}::int
      then ${at}::timestamptz + make_interval(secs => least(${policy.maxSeconds}::int,
        ${policy.baseSeconds}::int * power(2, least(${attempts} - ${policy.freeAttempts}::int, 30))))
      else null end`;
  const claimed = await queryRows<{ failures: number }>(
    db,
    sql`
    insert into auth_failures as f (key, failures, locked_until, updated_at)
    values (${key}, 1, ${lockFor(sql`1`)}, ${at}::timestamptz)
    on conflict (key) do update set
      failures = f.failures + 1,
      locked_until = ${lockFor(sql`(f.failures + 1)`)},
      updated_at = excluded.updated_at
    where f.locked_until is null or f.locked_until <= ${at}::timestamptz
    returning failures`,
  );
  if (claimed.length > 0) return;
  const [row] = await queryRows<{ locked_until: Date | string | null }>(
    db,
    sql`
    select locked_until from auth_failures where key = ${key}`,
  );
  const until = row?.locked_until ? new Date(row.locked_until).getTime() : now.getTime();
  const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60000));
  throw new AppError('err.too_many_attempts', { params: { minutes, count: minutes }, httpStatus: 429 });
}

/** A successful check: the key's count and lock are forgotten. */
export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from auth_failures where key = ${key}`);
}

/** The tail of each key's queue of attempts in this process. */
const queues = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier call for the same key has finished (one at a time per key). */
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * A secret check under the lockout of `key`: the attempt is counted (or refused with 429 while the
 * key is locked), then `check` runs — it throws the caller's own refusal when the secret is wrong —
 * and when it returns, the count is cleared.
 */
export async function withLockout<T>(db: DbOrTx, key: string, policy: LockoutPolicy, now: Date, check: () => Promise<T>): Promise<T> {
  return oneAtATime(key, async () => {
    await claimAttempt(db, key, policy, now);
    const result = await check();
    await clearFailures(db, key);
    return result;
  });
}
