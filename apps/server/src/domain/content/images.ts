import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contentImages } from '../../db/schema.js';

/** Public content images (banners, article pictures) are served from here, by every node (they live in the database). */
export const MEDIA_URL_PREFIX = '/api/index/media/';
export const MEDIA_NAME_RE = /^[A-Za-z0-9_-]{32}$/;

/** Stores an image an operator uploaded (already judged an image by content) and answers its public address. */
export async function storeContentImage(tx: DbOrTx, opts: { bytes: Buffer; mime: string; operatorId: number; now: number }) {
  const name = randomBytes(24).toString('base64url');
  await tx.insert(contentImages).values({ name, mime: opts.mime, bytes: opts.bytes, operatorId: opts.operatorId, createdAt: new Date(opts.now) });
  return { name, url: MEDIA_URL_PREFIX + name };
}

export async function findContentImage(db: DbOrTx, name: string) {
  const [row] = await db.select({ mime: contentImages.mime, bytes: contentImages.bytes }).from(contentImages).where(eq(contentImages.name, name)).limit(1);
  return row;
}
