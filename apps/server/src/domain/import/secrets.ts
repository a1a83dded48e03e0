/**
 * The secrets phase, apart from the rows (it is slow by design, and measured on its own): each imported
 * player's password — the source's md5 value wrapped in argon2id (domain/security/legacyPassword.ts) — and
 * the plain-text security code (fa_user.pass_code) hashed with argon2id, on worker threads, written
 * straight into the player's row. The code is never written anywhere in clear; what tells a later run that
 * a secret changed at the source is a keyed HMAC (the operator key, kept outside the database) of the
 * source's values, so a run with nothing new hashes nothing. Resumable by chunk, as every phase.
 * An account that has signed in here since (its password is our own argon2id) keeps it.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgArray, queryRows } from '../../db/query.js';
import { isLegacyHash, legacyStored } from '../security/legacyPassword.js';
import { eachChunk, type ImportContext } from './context.js';
import { intOf, textOf } from './convert.js';
import type { HashPool } from './hashPool.js';
import { NO_PASSWORD_YET } from './players.js';

export interface HashTiming {
  hashes: number;
  ms: number;
  threads: number;
}

const MD5_HEX = /^[0-9a-f]{32}$/i;

export function secretsDigest(key: Buffer, sourceId: number, password: string, salt: string, code: string): string {
  return createHmac('sha256', key).update(['pc28-secrets', sourceId, password, salt, code].join('\0')).digest('hex');
}

export async function importSecrets(ctx: ImportContext, pool: HashPool | undefined, timing: HashTiming): Promise<void> {
  await eachChunk(ctx, 'secrets', { table: 'fa_user', columns: 'id, password, salt, pass_code' }, async (tx, rows) => {
    const ids = rows.map((r) => intOf(r.id));
    const ours = new Map(
      (
        await queryRows<{ source_id: number | string; user_id: number; secrets_digest: string | null; password_hash: string }>(
          tx,
          sql`select p.source_id, p.user_id, p.secrets_digest, u.password_hash from imported_players p join users u on u.id = p.user_id
              where p.source_id = any(${`{${ids.join(',')}}`}::bigint[])`,
        )
      ).map((o) => [Number(o.source_id), o]),
    );
    const due: { userId: number; digest: string; password: string | null; salt: string; code: string | null; keepPassword: boolean }[] = [];
    let unchanged = 0;
    let noPassword = 0;
    for (const r of rows) {
      const mine = ours.get(intOf(r.id));
      if (!mine) continue;
      const [password, salt, code] = [textOf(r.password).toLowerCase(), textOf(r.salt), textOf(r.pass_code).trim()];
      const digest = secretsDigest(ctx.operatorKey, intOf(r.id), password, salt, code);
      if (digest === mine.secrets_digest) {
        unchanged++;
        continue;
      }
      const usable = MD5_HEX.test(password) && salt !== '';
      if (!usable) noPassword++;
      const keepPassword = !(mine.password_hash === NO_PASSWORD_YET || isLegacyHash(mine.password_hash));
      due.push({ userId: mine.user_id, digest, password: usable ? password : null, salt, code: code === '' ? null : code, keepPassword });
    }
    const values = due.flatMap((d) => [...(d.password !== null && !d.keepPassword ? [d.password] : []), ...(d.code !== null ? [d.code] : [])]);
    let hashed: string[] = [];
    if (pool && values.length > 0) {
      const started = performance.now();
      hashed = await pool.hash(values);
      timing.ms += performance.now() - started;
      timing.hashes += values.length;
    } else if (!pool) timing.hashes += values.length;
    let at = 0;
    const writes = due.map((d) => {
      const passwordHash = d.password !== null && !d.keepPassword ? legacyStored(d.salt, hashed[at++] ?? '') : d.keepPassword ? null : NO_PASSWORD_YET;
      const codeHash = d.code !== null ? (hashed[at++] ?? null) : null;
      return { ...d, passwordHash, codeHash };
    });
    if (pool && writes.length > 0) {
      const col = (f: (w: (typeof writes)[number]) => string | number | null) => pgArray(writes.map(f));
      await tx.execute(sql`
        with w (user_id, password_hash, code_hash, digest) as (
          select * from unnest(${col((w) => w.userId)}::int[], ${col((w) => w.passwordHash)}::text[], ${col((w) => w.codeHash)}::text[], ${col((w) => w.digest)}::text[])
        ), u as (
          update users set security_code_hash = w.code_hash, password_hash = coalesce(w.password_hash, users.password_hash) from w where users.id = w.user_id
        )
        update imported_players p set secrets_digest = w.digest from w where p.user_id = w.user_id`);
    }
    return {
      secrets: { read: ours.size, updated: due.length, unchanged, skipped: { 'no usable password at the source (must be set by an operator)': noPassword } },
    };
  });
}
