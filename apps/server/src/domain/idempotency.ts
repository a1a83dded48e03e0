/**
 * Idempotency keys (invariant I4), the one helper behind bets, deposits, withdrawals and bonus forfeits.
 *
 * A client sends `Idempotency-Key: <8–100 of [A-Za-z0-9_.:-]>`. The key is scoped to the user AND
 * the operation, so a key used for a bet means nothing to a withdrawal. The request is fingerprinted
 * (SHA-256 of its parameters, secrets and `lang`/`host` left out): the same key with a different
 * request is refused, never answered with the first request's result.
 *
 * How: the request runs normally; in its own transaction, as its LAST statement, `saveAnswer` stores
 * the answer under the key (one `INSERT … ON CONFLICT DO NOTHING RETURNING` — the whole cost on the
 * success path). If the key is already taken, that insert waits for the other transaction to commit
 * and then throws, rolling this one back: nothing of the duplicate is applied. `idempotent` catches
 * that (and any refusal, e.g. "betting closed" for a retry that arrives late) and answers the stored
 * answer when the fingerprints match, or refuses when they do not. A request that failed stored
 * nothing, so its retry runs afresh.
 */
import { hash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_RE } from '@lucky28/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { AppError } from '../errors.js';

export type IdempotentOperation = 'bet' | 'deposit' | 'withdraw' | 'bonus_forfeit';

export interface IdempotencyClaim {
  userId: number;
  operation: IdempotentOperation;
  key: string;
  fingerprint: string;
}

/** Never part of a fingerprint: the answer's language, the client's host, and secrets. */
const NOT_FINGERPRINTED = new Set(['lang', 'host', 'token']);

/** JSON with object keys sorted, so the same parameters always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request's fingerprint: its operation and parameters, without `secrets` (e.g. a security code). */
export function requestFingerprint(operation: IdempotentOperation, params: Record<string, unknown>, secrets: readonly string[] = []): string {
  const kept = Object.fromEntries(Object.entries(params).filter(([k]) => !NOT_FINGERPRINTED.has(k) && !secrets.includes(k)));
  return hash('sha256', canonicalJson({ operation, params: kept }), 'hex');
}

/**
 * The request's claim from its `Idempotency-Key` header, or undefined when it sent none.
 * A malformed key is refused.
 */
export function idempotencyClaim(opts: {
  headers: Record<string, string | string[] | undefined>;
  params: Record<string, unknown>;
  userId: number;
  operation: IdempotentOperation;
  /** Parameters that are secrets (never hashed into the fingerprint). */
  secrets?: readonly string[];
}): IdempotencyClaim | undefined {
  const raw = opts.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  // The routes' header schema refuses these first; this guards callers without one.
  if (!IDEMPOTENCY_KEY_RE.test(key)) throw new AppError('err.idempotency_key_invalid', { field: 'idempotency-key' });
  return {
    userId: opts.userId,
    operation: opts.operation,
    key,
    fingerprint: requestFingerprint(opts.operation, opts.params, opts.secrets),
  };
}

/** Thrown by `saveAnswer` when the key already holds an answer; `idempotent` turns it into a replay. */
export class KeyAlreadyAnswered extends Error {}

/**
 * Stores the request's answer under its key, in the request's own transaction: call it as the last
 * statement. One statement. Throws (rolling the transaction back) when the key is already taken.
 */
export async function saveAnswer(tx: DbOrTx, claim: IdempotencyClaim | undefined, answer: unknown, now: number): Promise<void> {
  if (!claim) return;
  const saved = await queryRows(
    tx,
    sql`
    insert into idempotency_keys (user_id, scope, key, fingerprint, response, created_at)
    values (${claim.userId}, ${claim.operation}, ${claim.key}, ${claim.fingerprint}, ${JSON.stringify(answer)}::jsonb,
            ${new Date(now).toISOString()})
    on conflict (user_id, scope, key) do nothing
    returning 1 as saved`,
  );
  if (saved.length === 0) throw new KeyAlreadyAnswered();
}

async function storedAnswer(db: DbOrTx, claim: IdempotencyClaim): Promise<{ fingerprint: string; response: unknown } | undefined> {
  const [row] = await queryRows<{ fingerprint: string; response: unknown }>(
    db,
    sql`
    select fingerprint, response from idempotency_keys
    where user_id = ${claim.userId} and scope = ${claim.operation} and key = ${claim.key}`,
  );
  if (!row) return undefined;
  return { fingerprint: row.fingerprint, response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
}

/**
 * Runs a request that ends with `saveAnswer(tx, claim, answer)`. Without a claim it just runs.
 * With one: a key already answered for the same request gives the stored answer (`replayed`), for
 * a different request a refusal; a refusal of the request itself stands when its key holds nothing.
 */
export async function idempotent<A>(db: DbOrTx, claim: IdempotencyClaim | undefined, run: () => Promise<A>): Promise<{ answer: A; replayed: boolean }> {
  if (!claim) return { answer: await run(), replayed: false };
  try {
    return { answer: await run(), replayed: false };
  } catch (err) {
    if (!(err instanceof KeyAlreadyAnswered) && !(err instanceof AppError)) throw err;
    const stored = await storedAnswer(db, claim);
    if (!stored) {
      if (err instanceof KeyAlreadyAnswered) throw new Error('idempotency key taken but no answer stored');
      throw err;
    }
    if (stored.fingerprint !== claim.fingerprint) throw new AppError('err.idempotency_key_reused');
    return { answer: stored.response as A, replayed: true };
  }
}
