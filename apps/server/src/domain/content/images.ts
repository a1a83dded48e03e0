import { randomBytes } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { api, pathOf } from '@lucky28/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { contentImages } from '../../db/schema.js';
import { pgArray, queryRows } from '../../db/query.js';
import { AppError } from '../../errors.js';
import { inTransaction } from '../../db/transaction.js';

/** Public content images (banners, article pictures) are served from here, by every node (they live in the database). */
export const MEDIA_URL_PREFIX = pathOf(api.content.media, { name: '' });
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

/** The content image names a text (a banner's image, an article's HTML, a campaign's banner) points to. */
export function mediaNamesIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\/api\/index\/media\/([A-Za-z0-9_-]*)/g)) names.add(m[1]!);
  return [...names];
}

/**
 * Called in the transaction that saves a banner, an article or a campaign: every content image the text points
 * to must still be stored, and stays so until the save commits (KEY SHARE: pruning, which locks FOR
 * UPDATE, skips it or has already removed it — then the save is refused, never left pointing at nothing).
 */
export async function holdContentImages(tx: DbOrTx, text: string, field: string): Promise<void> {
  const names = mediaNamesIn(text);
  if (names.length === 0) return;
  const found = await tx.select({ name: contentImages.name }).from(contentImages).where(inArray(contentImages.name, names)).for('key share');
  if (found.length < names.length) throw new AppError('err.content_image_missing', { field });
}

/** How long an uploaded content image may wait for the banner, article or campaign it was made for. */
export const UNREFERENCED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

const notReferenced = (name: SQL) => sql`not exists (select 1 from banners b where strpos(b.image, ${MEDIA_URL_PREFIX} || ${name}) > 0)
  and not exists (select 1 from articles a where strpos(a.content, ${MEDIA_URL_PREFIX} || ${name}) > 0)
  and not exists (select 1 from campaigns k where strpos(k.banner, ${MEDIA_URL_PREFIX} || ${name}) > 0)`;

/**
 * Deletes the content images no banner, article or campaign points to a day after their upload. Safe on
 * several nodes at once: candidates are locked (skipping those a save holds) and checked again under
 * the lock, in a fresh snapshot, so a save that committed meanwhile keeps its image.
 */
export async function pruneUnreferencedContentImages(db: Db, opts: { now: number; limit?: number }): Promise<string[]> {
  const cutoff = new Date(opts.now - UNREFERENCED_IMAGE_TTL_MS);
  return inTransaction(db, async (tx) => {
    const locked = await queryRows<{ id: number }>(
      tx,
      sql`
      select c.id from content_images c where c.created_at < ${cutoff} and ${notReferenced(sql`c.name`)}
      order by c.id limit ${opts.limit ?? 500} for update of c skip locked`,
    );
    if (locked.length === 0) return [];
    const removed = await queryRows<{ name: string }>(
      tx,
      sql`
      delete from content_images c where c.id = any(${pgArray(locked.map((r) => Number(r.id)))}::int[]) and ${notReferenced(sql`c.name`)}
      returning c.name`,
    );
    return removed.map((r) => r.name);
  });
}
