import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, UPLOAD_KINDS, UPLOAD_NAME_RE, api, pathOf, type UploadKind } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { pgArray, queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { inTransaction } from '../../db/transaction.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/design.md#security / docs/product.md#constants-and-game-rules: images only, judged by content, at most 5 MB (the limits live in packages/shared). */
export { MAX_UPLOAD_BYTES, UPLOAD_KINDS, type UploadKind };
export const isUploadKind = (v: unknown): v is UploadKind => typeof v === 'string' && (UPLOAD_KINDS as readonly string[]).includes(v);

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads are judged by content with the rule the app also applies before a preview. */
export { sniffImage } from '@lucky28/shared';

/** A random, unguessable name chosen by the server (192 bits, URL-safe). Also the file's handle in URLs. */
export const newUploadName = (): string => randomBytes(24).toString('base64url');
export const isUploadName = (v: string): boolean => UPLOAD_NAME_RE.test(v);

/** Where a private upload is read back (common.file). */
export const FILE_URL_PREFIX = pathOf(api.common.file, { name: '' });
export const uploadUrl = (name: string): string => FILE_URL_PREFIX + name;

/**
 * The upload name inside an address a client sends back: the API path from data.url, the same path
 * behind a host, or the bare name. Anything else is null.
 */
export function uploadNameFrom(ref: string): string | null {
  const trimmed = ref.trim();
  if (isUploadName(trimmed)) return trimmed;
  const at = trimmed.lastIndexOf(FILE_URL_PREFIX);
  if (at < 0) return null;
  const name = trimmed.slice(at + FILE_URL_PREFIX.length).split(/[?#]/)[0] ?? '';
  return isUploadName(name) ? name : null;
}

/** Private storage: DATA_DIR/uploads, outside every folder the server serves statically. */
export const uploadDir = (dataDir: string): string => path.join(dataDir, 'uploads');
const filePath = (dataDir: string, name: string): string => path.join(uploadDir(dataDir), name);

/** A player's upload quota over any 24 hours, counted in the database so it holds across nodes. */
export const UPLOAD_QUOTA = { files: 20, bytes: 50 * 1024 * 1024, windowMs: DAY_MS } as const;
/** Advisory lock class (two-int form, with the user id): one upload of a player at a time is counted. */
const UPLOAD_QUOTA_LOCK = 28_0101;

/**
 * Records the upload and writes its file (owner-only permissions), refusing it when the player has
 * used the quota: the count, the new row and the file under one per-player lock, so concurrent uploads
 * on several nodes cannot pass it together. The row is the only way to find the file again.
 */
export async function storeUpload(
  db: Db,
  opts: { dataDir: string; userId: number; kind: UploadKind; bytes: Buffer; mime: string; now: number },
): Promise<UploadRow> {
  const dir = uploadDir(opts.dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = newUploadName();
  const target = filePath(opts.dataDir, name);
  let written = false;
  try {
    return await inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK}, ${opts.userId})`);
      const since = new Date(opts.now - UPLOAD_QUOTA.windowMs);
      const [used] = await tx
        .select({ files: count(), bytes: sql<string | number>`coalesce(sum(${uploads.size}), 0)` })
        .from(uploads)
        .where(and(eq(uploads.userId, opts.userId), gt(uploads.createdAt, since)));
      if (Number(used?.files ?? 0) >= UPLOAD_QUOTA.files || Number(used?.bytes ?? 0) + opts.bytes.length > UPLOAD_QUOTA.bytes) {
        throw new AppError('err.upload_quota', { field: 'file', params: { files: UPLOAD_QUOTA.files, mb: UPLOAD_QUOTA.bytes / 1024 / 1024 } });
      }
      const [row] = await tx
        .insert(uploads)
        .values({ userId: opts.userId, kind: opts.kind, name, mime: opts.mime, size: opts.bytes.length, createdAt: new Date(opts.now) })
        .returning();
      // A re-run transaction (inTransaction) finds its file already written.
      if (!written) await fs.writeFile(target, opts.bytes, { flag: 'wx', mode: 0o600 });
      written = true;
      return row!;
    });
  } catch (err) {
    if (written) await fs.rm(target, { force: true });
    throw err;
  }
}

export async function findUploadByName(db: DbOrTx, name: string): Promise<UploadRow | undefined> {
  if (!isUploadName(name)) return undefined;
  const rows = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return rows[0];
}

export const readUpload = (dataDir: string, name: string): Promise<Buffer> => fs.readFile(filePath(dataDir, name));

/**
 * An upload about to back a request (a deposit's screenshot, a real-name picture): read under a KEY
 * SHARE lock, so that pruning (which locks FOR UPDATE) either waits for this transaction and then sees
 * the request, or has already removed the upload and this answers nothing.
 */
export async function findUploadForUse(tx: DbOrTx, name: string): Promise<UploadRow | undefined> {
  if (!isUploadName(name)) return undefined;
  const rows = await tx.select().from(uploads).where(eq(uploads.name, name)).limit(1).for('key share');
  return rows[0];
}

/** How long an upload may wait for the request it was made for. */
export const UNREFERENCED_UPLOAD_TTL_MS = DAY_MS;

const notReferenced = (id: SQL) => sql`not exists (select 1 from deposits d where d.upload_id = ${id})
  and not exists (select 1 from real_name_requests r where r.front_upload_id = ${id} or r.back_upload_id = ${id})`;

export interface PrunedUpload {
  id: number;
  kind: string;
  userId: number;
}

/**
 * Deletes the private uploads that no deposit or real-name request refers to a day after they were
 * made: their rows, then their files. Safe on several nodes at once: each run locks its candidates
 * (skipping those another run or a request holds) and checks them again under the lock, in a fresh
 * snapshot, before deleting; the foreign keys refuse the deletion of a referenced upload anyway.
 */
export async function pruneUnreferencedUploads(db: Db, opts: { dataDir: string; now: number; limit?: number }): Promise<PrunedUpload[]> {
  const cutoff = new Date(opts.now - UNREFERENCED_UPLOAD_TTL_MS);
  const removed = await inTransaction(db, async (tx) => {
    const locked = await queryRows<{ id: number | string }>(
      tx,
      sql`
      select u.id from uploads u where u.created_at < ${cutoff} and ${notReferenced(sql`u.id`)}
      order by u.id limit ${opts.limit ?? 500} for update of u skip locked`,
    );
    if (locked.length === 0) return [];
    return queryRows<{ id: number | string; name: string; kind: string; user_id: number }>(
      tx,
      sql`
      delete from uploads u where u.id = any(${pgArray(locked.map((r) => Number(r.id)))}::bigint[]) and ${notReferenced(sql`u.id`)}
      returning u.id, u.name, u.kind, u.user_id`,
    );
  });
  for (const r of removed) await fs.rm(filePath(opts.dataDir, r.name), { force: true });
  return removed.map((r) => ({ id: Number(r.id), kind: r.kind, userId: Number(r.user_id) }));
}
