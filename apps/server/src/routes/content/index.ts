import type { FastifyInstance } from 'fastify';
import { api, type ApiLang } from '@lucky28/shared';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { bannersFor } from '../../domain/content/banners.js';
import { articlePage, articleViewer, countView, findArticle, newsFor, presentArticle } from '../../domain/content/articles.js';
import { CONFIRMED_CACHE_MS } from '../../domain/accounts/sessions.js';
import { zonedDate } from '../../domain/time.js';
import { findContentImage } from '../../domain/content/images.js';
import { bannerArt, type BannerDesign } from '../../seed/bannerArt.js';
import noticeRoutes from './notices.js';

/**
 * Home banners and news (the `content` calls: index, articleList, articlePage for /moreNews,
 * articleDetail for /aticleDetail?id=, articleView), the public content images (media, art) and the
 * player's notices (notices.ts). Everything is read fresh from the database: operators' changes show at once.
 */
export default async function contentRoutes(app: FastifyInstance) {
  serve(app, api.content.index, {}, async (request, reply) => reply.ok({ banner: await bannersFor(app.db, request.lang) }));

  /** News in the caller's language: the pinned "hot topics" and each tab's latest articles. */
  serve(app, api.content.articleList, {}, async (request, reply) => reply.ok(await newsFor(app.db, request.lang)));

  serve(app, api.content.articlePage, {}, async (request, reply) => {
    const { tab_id: tabId, page = 1, limit = 10 } = request.query;
    return reply.ok(await articlePage(app.db, { lang: request.lang, tabId, page, limit }));
  });

  serve(app, api.content.articleDetail, {}, async (request, reply) => reply.ok(presentArticle(await findArticle(app.db, request.query.id))));

  /**
   * Counts a real view of an article (real view counts: docs/spec-differences.md#decided-in-the-design): once per viewer — the session's
   * user, else the IP — per article and operator-day.
   */
  serve(app, api.content.articleView, {}, async (request, reply) => {
    const user = await app.optionalUser(request, { cachedFor: CONFIRMED_CACHE_MS });
    const viewer = articleViewer(app.operatorKey, user ? { userId: user.userId } : { ip: request.ip });
    const day = zonedDate(app.clock.now(), app.config.timeZone);
    return reply.ok({ views: await countView(app.db, { articleId: request.body.id, viewer, day }) });
  });

  /** A banner or article picture an operator uploaded: public, and never changes under its random name. */
  serve(app, api.content.media, {}, async (request, reply) => {
    const image = await findContentImage(app.db, request.params.name);
    if (!image) throw new AppError('err.not_found', { httpStatus: 404 });
    return reply
      .header('content-type', image.mime)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image.bytes);
  });

  /** The demo banners, drawn in their language with this server's round length. */
  serve(app, api.content.art, {}, async (request, reply) => {
    const [, design, lang] = /^(\w+)-(\w+)\.svg$/.exec(request.params.name)!;
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'public, max-age=300')
      .send(bannerArt(design as BannerDesign, lang as ApiLang, app.config.roundSeconds));
  });

  await app.register(noticeRoutes);
}
