import type { FastifyInstance } from 'fastify';
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
import type { Tx } from '../../db/client.js';
import { audited } from './audited.js';
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

  /** The audit row of a save: `<target>.create` or `<target>.update`, with the row before (null when new) and after. */
  const saved = (target: string, change: { before: unknown; after: { id: number } }, detail: Record<string, unknown> = change) => ({
    action: `${target}.${change.before ? 'update' : 'create'}`,
    targetType: target,
    targetId: change.after.id,
    detail,
  });

  /** `<call>`: deletes one row of `target`; its audit row keeps the row as it was. */
  function deleteRoute<Row extends { id: number }>(call: string, target: string, remove: (tx: Tx, id: number) => Promise<Row>, present: (row: Row) => unknown = (row) => row) {
    app.post(`/api/admin/${call}`, { preValidation: admin, schema: { body: contentIdSchema, response: answers(contentDeletedData) } }, async (request, reply) => {
      await audited(app, request, async (tx, record) => {
        const before = await remove(tx, request.body.id);
        await record({ action: `${target}.delete`, targetType: target, targetId: before.id, detail: { before: present(before) } });
      });
      return reply.ok({ id: request.body.id }, 'msg.set_success');
    });
  }

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
    const stored = await audited(app, request, async (tx, record, a) => {
      const s = await storeContentImage(tx, { bytes: image.bytes, mime: image.mime, operatorId: a.operatorId, now: a.at });
      await record({ action: 'content.image_upload', targetType: 'content_image', targetId: s.name, detail: { mime: image.mime, size: image.bytes.length } });
      return s;
    });
    return reply.ok({ url: stored.url }, 'msg.upload_success');
  });

  app.post('/api/admin/bannerSave', { preValidation: admin, schema: { body: bannerSaveSchema, response: answers(adminBannerData) } }, async (request, reply) => {
    const after = await audited(app, request, async (tx, record) => {
      const change = await saveBanner(tx, request.body);
      await record(saved('banner', change));
      return change.after;
    });
    return reply.ok(after, 'msg.set_success');
  });

  app.post('/api/admin/bannerOrder', { preValidation: admin, schema: { body: bannerOrderSchema, response: answers(adminBannerListData) } }, async (request, reply) => {
    const list = await audited(app, request, async (tx, record) => {
      const change = await orderBanners(tx, request.body.ids);
      await record({ action: 'banner.order', targetType: 'banner', detail: change });
      return listBanners(tx);
    });
    return reply.ok(list, 'msg.set_success');
  });

  deleteRoute('bannerDelete', 'banner', deleteBanner);

  // --- article tabs and articles ---

  app.post('/api/admin/articleTabList', { preValidation: admin, schema: { body: noInput, response: answers(adminTabListData) } }, async (_request, reply) =>
    reply.ok(await listTabs(app.db)),
  );

  app.post('/api/admin/articleTabSave', { preValidation: admin, schema: { body: articleTabSaveSchema, response: answers(adminTabData) } }, async (request, reply) => {
    const tab = await audited(app, request, async (tx, record) => {
      const change = await saveTab(tx, request.body);
      await record(saved('article_tab', change));
      return (await listTabs(tx)).find((t) => t.id === change.after.id)!;
    });
    return reply.ok(tab, 'msg.set_success');
  });

  deleteRoute('articleTabDelete', 'article_tab', deleteTab);

  app.post('/api/admin/articleList', { preValidation: admin, schema: { body: adminArticleListSchema, response: answers(adminArticleListData) } }, async (request, reply) => {
    const { tab_id: tabId, language, page = 1, limit = 20 } = request.body;
    return reply.ok(await adminArticles(app.db, { tabId, lang: language, page, limit }));
  });

  app.post('/api/admin/articleSave', { preValidation: admin, schema: { body: articleSaveSchema, response: answers(adminArticleData) } }, async (request, reply) => {
    const after = await audited(app, request, async (tx, record, a) => {
      const change = await saveArticle(tx, request.body, a.at);
      const detail = { before: change.before && presentAdminArticle(change.before), after: presentAdminArticle(change.after) };
      await record(saved('article', change, detail));
      return detail.after;
    });
    return reply.ok(after, 'msg.set_success');
  });

  deleteRoute('articleDelete', 'article', deleteArticle, presentAdminArticle);

  // --- platform announcements ---

  app.post('/api/admin/announcementList', { preValidation: admin, schema: { body: noInput, response: answers(adminAnnouncementListData) } }, async (_request, reply) =>
    reply.ok(await listAnnouncements(app.db)),
  );

  app.post('/api/admin/announcementSave', { preValidation: admin, schema: { body: announcementSaveSchema, response: answers(adminAnnouncementListData) } }, async (request, reply) => {
    const list = await audited(app, request, async (tx, record, a) => {
      const change = await saveAnnouncement(tx, request.body, a.at);
      await record(saved('announcement', change));
      return listAnnouncements(tx);
    });
    return reply.ok(list, 'msg.set_success');
  });

  deleteRoute('announcementDelete', 'announcement', deleteAnnouncement);
}
