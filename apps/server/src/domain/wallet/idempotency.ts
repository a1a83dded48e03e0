import { sql } from 'drizzle-orm';
import type { MessageKey } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';

/** Idempotency keys are short client-chosen strings (a UUID in practice). */
const KEY_RE = /^[\w.:-]{8,100}$/;

export interface StoredAnswer {
  data: unknown;
  msg: MessageKey;
}

/** The request's Idempotency-Key header, or undefined; a malformed key is refused. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  if (!KEY_RE.test(value)) throw new AppError('err.idempotency_key_invalid');
  return value;
}

/**
 * Invariant I4: a request retried with the same key is applied once. Inside the action's own
 * transaction the key is claimed first; a concurrent retry waits on the unique index until the first
 * commits and is then answered the stored result. If the action fails, the transaction (claim included)
 * rolls back and a retry runs it afresh — a failed request changed nothing.
 */
export async function idempotent(
  tx: DbOrTx,
  opts: { userId: number; scope: string; key: string | undefined; now: number },
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  if (opts.key === undefined) return { ...(await run()), replayed: false };
  const key = `${opts.scope}:${opts.key}`;
  const claimed = await queryRows<{ key: string }>(tx, sql`
    insert into idempotency_keys (user_id, key, response, created_at)
    values (${opts.userId}, ${key}, 'null'::jsonb, ${new Date(opts.now).toISOString()})
    on conflict (user_id, key) do nothing returning key`);
  if (claimed.length === 0) {
    const [stored] = await queryRows<{ response: StoredAnswer | string }>(tx, sql`
      select response from idempotency_keys where user_id = ${opts.userId} and key = ${key}`);
    const response = typeof stored?.response === 'string' ? (JSON.parse(stored.response) as StoredAnswer) : stored?.response;
    if (!response) throw new AppError('err.request_in_progress');
    return { ...response, replayed: true };
  }
  const answer = await run();
  await tx.execute(sql`
    update idempotency_keys set response = ${JSON.stringify(answer)}::jsonb where user_id = ${opts.userId} and key = ${key}`);
  return { ...answer, replayed: false };
}

/** The stored answer of a completed request with this key, if any (lets a retry skip the checks). */
export async function storedAnswer(
  db: DbOrTx,
  opts: { userId: number; scope: string; key: string | undefined },
): Promise<StoredAnswer | undefined> {
  if (opts.key === undefined) return undefined;
  const [stored] = await queryRows<{ response: StoredAnswer | string | null }>(db, sql`
    select response from idempotency_keys where user_id = ${opts.userId} and key = ${`${opts.scope}:${opts.key}`}`);
  const response = typeof stored?.response === 'string' ? (JSON.parse(stored.response) as StoredAnswer | null) : stored?.response;
  return response ?? undefined;
}
