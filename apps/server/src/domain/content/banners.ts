import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { ApiLang } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { banners } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { holdContentImages } from './images.js';
import { isSameSiteAddress } from './sanitize.js';

type BannerRow = typeof banners.$inferSelect;

/** The enabled banners a player sees in their language (the ones for every language too), in the operators' order. */
export async function bannersFor(db: DbOrTx, lang: ApiLang) {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.enabled, true), or(isNull(banners.lang), eq(banners.lang, lang))))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({ id: b.id, image: b.image, link: b.link, title: b.title }));
}

export const presentAdminBanner = (b: BannerRow) => ({
  id: b.id,
  image: b.image,
  link: b.link,
  lang: b.lang,
  title: b.title,
  sort: b.sort,
  enabled: b.enabled,
});

export async function listBanners(db: DbOrTx) {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(presentAdminBanner);
}

export interface BannerInput {
  id?: number;
  image: string;
  link?: string;
  language: string | null;
  title?: string;
  sort?: number;
  enabled: boolean;
}

/** Saves a banner; its picture must be one of ours (uploaded with contentImageUpload, or a demo banner's). */
export async function saveBanner(tx: DbOrTx, input: BannerInput) {
  if (!isSameSiteAddress(input.image)) throw new AppError('err.banner_image_foreign', { field: 'image' });
  await holdContentImages(tx, input.image, 'image');
  const values = { image: input.image, link: input.link ?? null, lang: input.language, title: input.title ?? '', enabled: input.enabled };
  if (input.id) {
    const [before] = await tx.select().from(banners).where(eq(banners.id, input.id)).for('update');
    if (!before) throw new AppError('err.not_found', { field: 'id' });
    const [after] = await tx
      .update(banners)
      .set({ ...values, sort: input.sort ?? before.sort })
      .where(eq(banners.id, input.id))
      .returning();
    return { before: presentAdminBanner(before), after: presentAdminBanner(after!) };
  }
  const sort = input.sort ?? (await tx.select().from(banners)).reduce((m, b) => Math.max(m, b.sort + 1), 0);
  const [after] = await tx
    .insert(banners)
    .values({ ...values, sort })
    .returning();
  return { before: null, after: presentAdminBanner(after!) };
}

/** Puts the banners in the given order (sort 0, 1, 2 …); every id must be a banner. */
export async function orderBanners(tx: DbOrTx, ids: number[]) {
  const before = (await tx.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)).for('update')).map((b) => b.id);
  const known = new Set(before);
  if (new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new AppError('err.bad_request', { field: 'ids' });
  for (const [i, id] of ids.entries()) await tx.update(banners).set({ sort: i }).where(eq(banners.id, id));
  return { before, after: ids };
}

export async function deleteBanner(tx: DbOrTx, id: number) {
  const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
  if (!before) throw new AppError('err.not_found', { field: 'id' });
  return presentAdminBanner(before);
}
