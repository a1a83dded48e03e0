import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { UploadImageType } from '@lucky28/shared';
import { uploads } from '../../db/schema.js';

/** DESIGN §7 / spec §9: images only, judged by content, at most MAX_UPLOAD_BYTES (packages/shared). */
export const UPLOAD_KINDS = ['recharge_screenshot', 'idcard'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const isUploadKind = (v: unknown): v is UploadKind =>
  typeof v === 'string' && (UPLOAD_KINDS as readonly string[]).includes(v);

export type UploadRow = typeof uploads.$inferSelect;

/**
 * The image type by its magic bytes, or null. The file name and the client's content type are
 * ignored: a PNG called .txt is a PNG, a text file called .png is not an image.
 */
export function sniffImage(buf: Buffer): UploadImageType | null {
  const starts = (bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
  // PNG signature followed by the IHDR chunk that must come first.
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && buf.subarray(12, 16).toString('latin1') === 'IHDR') {
    return 'image/png';
  }
  // JPEG: SOI then a marker.
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // WebP: RIFF container of form type WEBP with a VP8/VP8L/VP8X chunk.
  if (starts([0x52, 0x49, 0x46, 0x46]) && buf.subarray(8, 12).toString('latin1') === 'WEBP' && buf.subarray(12, 15).toString('latin1') === 'VP8') {
    return 'image/webp';
  }
  if (buf.length >= 13 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) {
    return 'image/gif';
  }
  return null;
}

/** A random, unguessable name chosen by the server (192 bits, URL-safe). Also the file's handle in URLs. */
export const newUploadName = (): string => randomBytes(24).toString('base64url');
const NAME_RE = /^[A-Za-z0-9_-]{32}$/;
export const isUploadName = (v: string): boolean => NAME_RE.test(v);

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
