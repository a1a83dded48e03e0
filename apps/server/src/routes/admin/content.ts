import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  adminAnnouncementListData,
  adminArticleData,
  adminArticleListData,
  adminArticleListSchema,
  adminBannerData,
  adminBannerListData,
  adminTabData,
  adminTabListData,
  announcementSaveSchema,
  articleSaveSchema,
  articleTabSaveSchema,
  bannerOrderSchema,
  bannerSaveSchema,
  contentDeletedData,
  contentIdSchema,
  contentImageData,
  noInput,
} from '@lucky28/shared';
import { answers } from '../../http/answers.js';
import { audit } from '../../domain/operators/audit.js';
import { deleteBanner, listBanners, orderBanners, saveBanner } from '../../domain/content/banners.js';
import { adminArticles, deleteArticle, deleteTab, listTabs, presentAdminArticle, saveArticle, saveTab } from '../../domain/content/articles.js';
import { deleteAnnouncement, listAnnouncements, saveAnnouncement } from '../../domain/content/announcements.js';
import { storeContentImage } from '../../domain/content/images.js';
import { MAX_UPLOAD_BYTES } from '../../domain/wallet/uploads.js';
import { checkedImage, receiveForm } from '../common/index.js';

/**
 * Content management (issue 10 item 6, admin only): banners (upload, order, link, language), article
 * tabs and articles in four languages (HTML sanitised here on save), platform announcements. Players
 * read these tables on every request, so a change shows without a restart; every change writes an
 * audit row with before and after in the same transaction.
 */
export default async function adminContentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5 },
  });
  const admin = app.requireOperator();
  const actor = (request: FastifyRequest) => ({ operatorId: request.operator!.operatorId, ip: request.ip, at: app.clock.now() });

  // --- banners and images ---

  app.post('/api/admin/bannerList', { preValidation: admin, schema: { body: noInput, response: answers(adminBannerListData) } }, async (_request, reply) =>
    reply.ok(await listBanners(app.db)),
  );

  /** An image for a banner or an article: judged by content (PNG, JPEG, WebP, GIF, ≤ 5 MB), stored under a random name. */
  app.post('/api/admin/contentImageUpload', {
    preValidation: admin,
    config: { rateLimit: app.rateLimits.upload },
    schema: { consumes: ['multipart/form-data'], body: noInput, response: answers(contentImageData) },
  }, async (request, reply) => {
    const image = checkedImage(await receiveForm(request));
    const a = actor(request);
    const stored = await app.db.transaction(async (tx) => {
      const s = await storeContentImage(tx, { bytes: image.bytes, mime: image.mime, operatorId: a.operatorId, now: a.at });
      await audit(tx, { ...a, action: 'content.image_upload', targetType: 'content_image', targetId: s.name, detail: { mime: image.mime, size: image.bytes.length } });
      return s;
    });
    return reply.ok({ url: stored.url }, 'msg.upload_success');
  });

  app.post('/api/admin/bannerSave', { preValidation: admin, schema: { body: bannerSaveSchema, response: answers(adminBannerData) } }, async (request, reply) => {
    const a = actor(request);
    const after = await app.db.transaction(async (tx) => {
      const change = await saveBanner(tx, request.body);
      await audit(tx, { ...a, action: change.before ? 'banner.update' : 'banner.create', targetType: 'banner', targetId: change.after.id, detail: change });
      return change.after;
    });
    return reply.ok(after, 'msg.set_success');
  });

  app.post('/api/admin/bannerOrder', { preValidation: admin, schema: { body: bannerOrderSchema, response: answers(adminBannerListData) } }, async (request, reply) => {
    const a = actor(request);
    const list = await app.db.transaction(async (tx) => {
      const change = await orderBanners(tx, request.body.ids);
      await audit(tx, { ...a, action: 'banner.order', targetType: 'banner', detail: change });
      return listBanners(tx);
    });
    return reply.ok(list, 'msg.set_success');
  });

  app.post('/api/admin/bannerDelete', { preValidation: admin, schema: { body: contentIdSchema, response: answers(contentDeletedData) } }, async (request, reply) => {
    const a = actor(request);
    await app.db.transaction(async (tx) => {
      const before = await deleteBanner(tx, request.body.id);
      await audit(tx, { ...a, action: 'banner.delete', targetType: 'banner', targetId: before.id, detail: { before } });
    });
    return reply.ok({ id: request.body.id }, 'msg.set_success');
  });

  // --- article tabs and articles ---

  app.post('/api/admin/articleTabList', { preValidation: admin, schema: { body: noInput, response: answers(adminTabListData) } }, async (_request, reply) =>
    reply.ok(await listTabs(app.db)),
  );

  app.post('/api/admin/articleTabSave', { preValidation: admin, schema: { body: articleTabSaveSchema, response: answers(adminTabData) } }, async (request, reply) => {
    const a = actor(request);
    const tab = await app.db.transaction(async (tx) => {
      const change = await saveTab(tx, request.body);
      await audit(tx, { ...a, action: change.before ? 'article_tab.update' : 'article_tab.create', targetType: 'article_tab', targetId: change.after.id, detail: change });
      return (await listTabs(tx)).find((t) => t.id === change.after.id)!;
    });
    return reply.ok(tab, 'msg.set_success');
  });

  app.post('/api/admin/articleTabDelete', { preValidation: admin, schema: { body: contentIdSchema, response: answers(contentDeletedData) } }, async (request, reply) => {
    const a = actor(request);
    await app.db.transaction(async (tx) => {
      const before = await deleteTab(tx, request.body.id);
      await audit(tx, { ...a, action: 'article_tab.delete', targetType: 'article_tab', targetId: before.id, detail: { before } });
    });
    return reply.ok({ id: request.body.id }, 'msg.set_success');
  });

  app.post('/api/admin/articleList', { preValidation: admin, schema: { body: adminArticleListSchema, response: answers(adminArticleListData) } }, async (request, reply) => {
    const { tab_id: tabId, language, page = 1, limit = 20 } = request.body;
    return reply.ok(await adminArticles(app.db, { tabId, lang: language, page, limit }));
  });

  app.post('/api/admin/articleSave', { preValidation: admin, schema: { body: articleSaveSchema, response: answers(adminArticleData) } }, async (request, reply) => {
    const a = actor(request);
    const after = await app.db.transaction(async (tx) => {
      const change = await saveArticle(tx, request.body, a.at);
      const detail = { before: change.before && presentAdminArticle(change.before), after: presentAdminArticle(change.after) };
      await audit(tx, { ...a, action: change.before ? 'article.update' : 'article.create', targetType: 'article', targetId: change.after.id, detail });
      return detail.after;
    });
    return reply.ok(after, 'msg.set_success');
  });

  app.post('/api/admin/articleDelete', { preValidation: admin, schema: { body: contentIdSchema, response: answers(contentDeletedData) } }, async (request, reply) => {
    const a = actor(request);
    await app.db.transaction(async (tx) => {
      const before = await deleteArticle(tx, request.body.id);
      await audit(tx, { ...a, action: 'article.delete', targetType: 'article', targetId: before.id, detail: { before: presentAdminArticle(before) } });
    });
    return reply.ok({ id: request.body.id }, 'msg.set_success');
  });

  // --- platform announcements ---

  app.post('/api/admin/announcementList', { preValidation: admin, schema: { body: noInput, response: answers(adminAnnouncementListData) } }, async (_request, reply) =>
    reply.ok(await listAnnouncements(app.db)),
  );

  app.post('/api/admin/announcementSave', { preValidation: admin, schema: { body: announcementSaveSchema, response: answers(adminAnnouncementListData) } }, async (request, reply) => {
    const a = actor(request);
    const list = await app.db.transaction(async (tx) => {
      const change = await saveAnnouncement(tx, request.body, a.at);
      await audit(tx, { ...a, action: change.before ? 'announcement.update' : 'announcement.create', targetType: 'announcement', targetId: change.after.id, detail: change });
      return listAnnouncements(tx);
    });
    return reply.ok(list, 'msg.set_success');
  });

  app.post('/api/admin/announcementDelete', { preValidation: admin, schema: { body: contentIdSchema, response: answers(contentDeletedData) } }, async (request, reply) => {
    const a = actor(request);
    await app.db.transaction(async (tx) => {
      const before = await deleteAnnouncement(tx, request.body.id);
      await audit(tx, { ...a, action: 'announcement.delete', targetType: 'announcement', targetId: before.id, detail: { before } });
    });
    return reply.ok({ id: request.body.id }, 'msg.set_success');
  });
}
