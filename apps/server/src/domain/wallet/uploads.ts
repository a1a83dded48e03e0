import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, UPLOAD_KINDS, UPLOAD_NAME_RE, type UploadKind } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { uploads } from '../../db/schema.js';

/** DESIGN §7 / spec §9: images only, judged by content, at most 5 MB (the limits live in packages/shared). */
export { MAX_UPLOAD_BYTES, UPLOAD_KINDS, type UploadKind };
export const isUploadKind = (v: unknown): v is UploadKind =>
  typeof v === 'string' && (UPLOAD_KINDS as readonly string[]).includes(v);

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads are judged by content with the rule the app also applies before a preview. */
export { sniffImage } from '@lucky28/shared';

/** A random, unguessable name chosen by the server (192 bits, URL-safe). Also the file's handle in URLs. */
export const newUploadName = (): string => randomBytes(24).toString('base64url');
export const isUploadName = (v: string): boolean => UPLOAD_NAME_RE.test(v);

export const FILE_URL_PREFIX = '/api/common/file/';
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

/** Writes the file (owner-only permissions) and records it; the row is the only way to find it again. */
export async function storeUpload(
  db: DbOrTx,
  opts: { dataDir: string; userId: number; kind: UploadKind; bytes: Buffer; mime: string; now: number },
): Promise<UploadRow> {
  const dir = uploadDir(opts.dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = newUploadName();
  const target = filePath(opts.dataDir, name);
  await fs.writeFile(target, opts.bytes, { flag: 'wx', mode: 0o600 });
  try {
    const [row] = await db
      .insert(uploads)
      .values({ userId: opts.userId, kind: opts.kind, name, mime: opts.mime, size: opts.bytes.length, createdAt: new Date(opts.now) })
      .returning();
    return row!;
  } catch (err) {
    await fs.rm(target, { force: true });
    throw err;
  }
}

export async function findUploadByName(db: DbOrTx, name: string): Promise<UploadRow | undefined> {
  if (!isUploadName(name)) return undefined;
  const rows = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return rows[0];
}

export const readUpload = (dataDir: string, name: string): Promise<Buffer> => fs.readFile(filePath(dataDir, name));
