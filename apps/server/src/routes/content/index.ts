import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleListData, articleViewData, articleViewSchema, bannerListData, noInput } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { answers } from '../../http/answers.js';
import { articleListOf, countArticleView, listBanners } from '../../domain/content/articles.js';

/** Home banners and news (GET /api/index/index, GET /api/index/articleList, POST /api/index/articleView). */
export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/index/index', { schema: { querystring: noInput, response: answers(bannerListData) } }, async (_request, reply) => {
    return reply.ok({ banner: await listBanners(app.db) });
  });

  /** News in the caller's language: the pinned "hot topics" and the articles of each tab. */
  app.get('/api/index/articleList', { schema: { querystring: noInput, response: answers(articleListData) } }, async (request, reply) => {
    return reply.ok(await articleListOf(app.db, request.lang));
  });

  /** Counts a real view of an article (DESIGN §9: real view counts). */
  app.post('/api/index/articleView', { schema: { body: articleViewSchema, response: answers(articleViewData) } }, async (request, reply) => {
    const views = await countArticleView(app.db, request.body.id);
    if (views === undefined) throw new AppError('err.not_found', { field: 'id' });
    return reply.ok({ views });
  });
}
