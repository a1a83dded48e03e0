import { asc, desc, eq, sql } from 'drizzle-orm';
import type { ApiLang } from '@lucky28/shared';
import type { DbOrTx } from '../../db/client.js';
import { articleTabs, articles, banners } from '../../db/schema.js';

/** The enabled home banners, in their order. */
export async function listBanners(db: DbOrTx) {
  return db
    .select({ id: banners.id, image: banners.image, link: banners.link })
    .from(banners)
    .where(eq(banners.enabled, true))
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** News in one language: the pinned "hot topics" and the articles of each tab. */
export async function articleListOf(db: DbOrTx, lang: ApiLang) {
  const [tabs, list] = await Promise.all([
    db.select().from(articleTabs).orderBy(asc(articleTabs.sort), asc(articleTabs.id)),
    db.select().from(articles).where(eq(articles.lang, lang)).orderBy(desc(articles.createdAt), desc(articles.id)),
  ]);
  const present = (a: (typeof list)[number]) => ({
    id: a.id,
    title: a.title,
    content: a.content,
    views: a.views,
    createtime: Math.floor(a.createdAt.getTime() / 1000),
  });
  return {
    tops: list.filter((a) => a.isTop).map(present),
    articleTabs: tabs.map((t) => ({
      id: t.id,
      name: (t.name as Record<string, string>)[lang] ?? '',
      articles: list.filter((a) => a.tabId === t.id).map(present),
    })),
  };
}

/** Counts a real view (DESIGN §9); the new count, or undefined when there is no such article. */
export async function countArticleView(db: DbOrTx, id: number): Promise<number | undefined> {
  const rows = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(eq(articles.id, id))
    .returning({ views: articles.views });
  return rows[0]?.views;
}
