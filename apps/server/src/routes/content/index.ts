import type { FastifyInstance } from 'fastify';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { articleTabs, articles, banners } from '../../db/schema.js';
import { AppError } from '../../errors.js';

const langColumn = { zh: 'zh', tw: 'tw', en: 'en', vi: 'vi' } as const;

/** Home banners and news (GET /api/index/index, GET /api/index/articleList, POST /api/index/articleView). */
export default async function contentRoutes(app: FastifyInstance) {
  app.get('/api/index/index', async (_request, reply) => {
    const rows = await app.db
      .select({ id: banners.id, image: banners.image, link: banners.link })
      .from(banners)
      .where(eq(banners.enabled, true))
      .orderBy(asc(banners.sort), asc(banners.id));
    return reply.ok({ banner: rows });
  });

  /** News in the caller's language: the pinned "hot topics" and the articles of each tab. */
  app.get('/api/index/articleList', async (request, reply) => {
    const lang = langColumn[request.lang];
    const [tabs, list] = await Promise.all([
      app.db.select().from(articleTabs).orderBy(asc(articleTabs.sort), asc(articleTabs.id)),
      app.db
        .select()
        .from(articles)
        .where(eq(articles.lang, lang))
        .orderBy(desc(articles.createdAt), desc(articles.id)),
    ]);
    const present = (a: (typeof list)[number]) => ({
      id: a.id,
      title: a.title,
      content: a.content,
      views: a.views,
      createtime: Math.floor(a.createdAt.getTime() / 1000),
    });
    return reply.ok({
      tops: list.filter((a) => a.isTop).map(present),
      articleTabs: tabs.map((t) => ({
        id: t.id,
        name: (t.name as Record<string, string>)[lang] ?? '',
        articles: list.filter((a) => a.tabId === t.id).map(present),
      })),
    });
  });

  /** Counts a real view of an article (DESIGN §9: real view counts). */
  app.post('/api/index/articleView', async (request, reply) => {
    const id = Number((request.body as Record<string, unknown> | undefined)?.id ?? (request.query as Record<string, unknown>).id);
    if (!Number.isInteger(id) || id <= 0) throw new AppError('err.not_found', { field: 'id' });
    const rows = await app.db
      .update(articles)
      .set({ views: sql`${articles.views} + 1` })
      .where(eq(articles.id, id))
      .returning({ views: articles.views });
    if (!rows[0]) throw new AppError('err.not_found', { field: 'id' });
    return reply.ok({ views: rows[0].views });
  });
}
