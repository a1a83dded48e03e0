import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { api, type ApiCall, type contentDeletedData, type contentIdSchema } from '@lucky28/shared';
import { serve } from '../../http/serve.js';
import type { Tx } from '../../db/client.js';
import { audited } from './audited.js';
import { deleteBanner, listBanners, orderBanners, saveBanner } from '../../domain/content/banners.js';
import { adminArticles, deleteArticle, deleteTab, listTabs, presentAdminArticle, saveArticle, saveTab } from '../../domain/content/articles.js';
import { deleteAnnouncement, listAnnouncements, saveAnnouncement } from '../../domain/content/announcements.js';
import { storeContentImage } from '../../domain/content/images.js';
import { MAX_UPLOAD_BYTES } from '../../domain/wallet/uploads.js';
import { checkedImage, receiveForm } from '../common/index.js';

/**
 * Content management (admin only): banners (upload, order, link, language), article
 * tabs and articles in four languages (HTML sanitised here on save), platform announcements. Players
 * read these tables on every request, so a change shows without a restart; every change writes an
 * audit row with before and after in the same transaction.
 */
/** The content tables whose saves and deletes the audit trail records as `<target>.create|update|delete`. */
type ContentTarget = 'banner' | 'article_tab' | 'article' | 'announcement';

export default async function adminContentRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5 },
  });

  /** The audit row of a save: `<target>.create` or `<target>.update`, with the row before (null when new) and after. */
  const saved = (target: ContentTarget, change: { before: unknown; after: { id: number } }, detail: Record<string, unknown> = change) => ({
    action: change.before ? (`${target}.update` as const) : (`${target}.create` as const),
    targetType: target,
    targetId: change.after.id,
    detail,
  });

  /** A delete call: deletes one row of `target`; its audit row keeps the row as it was. */
  function deleteRoute<Row extends { id: number }>(
    call: ApiCall<typeof contentIdSchema, typeof contentDeletedData, 'POST', 'json'>,
    target: ContentTarget,
    remove: (tx: Tx, id: number) => Promise<Row>,
    present: (row: Row) => unknown = (row) => row,
  ) {
    serve(app, call, {}, async (request, reply) => {
      await audited(app, request, async (tx, record) => {
        const before = await remove(tx, request.body.id);
        await record({ action: `${target}.delete`, targetType: target, targetId: before.id, detail: { before: present(before) } });
      });
      return reply.ok({ id: request.body.id }, 'msg.set_success');
    });
  }

  // --- banners and images ---

  serve(app, api.admin.bannerList, {}, async (_request, reply) => reply.ok(await listBanners(app.db)));

  /** An image for a banner or an article: judged by content (PNG, JPEG, WebP, GIF, ≤ 5 MB), stored under a random name. */
  serve(app, api.admin.contentImageUpload, { config: { rateLimit: app.rateLimits.upload } }, async (request, reply) => {
    const image = checkedImage(await receiveForm(request));
    const stored = await audited(app, request, async (tx, record, a) => {
      const s = await storeContentImage(tx, { bytes: image.bytes, mime: image.mime, operatorId: a.operatorId, now: a.at });
      await record({ action: 'content.image_upload', targetType: 'content_image', targetId: s.name, detail: { mime: image.mime, size: image.bytes.length } });
      return s;
    });
    return reply.ok({ url: stored.url }, 'msg.upload_success');
  });

  serve(app, api.admin.bannerSave, {}, async (request, reply) => {
    const after = await audited(app, request, async (tx, record) => {
      const change = await saveBanner(tx, request.body);
      await record(saved('banner', change));
      return change.after;
    });
    return reply.ok(after, 'msg.set_success');
  });

  serve(app, api.admin.bannerOrder, {}, async (request, reply) => {
    const list = await audited(app, request, async (tx, record) => {
      const change = await orderBanners(tx, request.body.ids);
      await record({ action: 'banner.order', targetType: 'banner', detail: change });
      return listBanners(tx);
    });
    return reply.ok(list, 'msg.set_success');
  });

  deleteRoute(api.admin.bannerDelete, 'banner', deleteBanner);

  // --- article tabs and articles ---

  serve(app, api.admin.articleTabList, {}, async (_request, reply) => reply.ok(await listTabs(app.db)));

  serve(app, api.admin.articleTabSave, {}, async (request, reply) => {
    const tab = await audited(app, request, async (tx, record) => {
      const change = await saveTab(tx, request.body);
      await record(saved('article_tab', change));
      return (await listTabs(tx)).find((t) => t.id === change.after.id)!;
    });
    return reply.ok(tab, 'msg.set_success');
  });

  deleteRoute(api.admin.articleTabDelete, 'article_tab', deleteTab);

  serve(app, api.admin.articleList, {}, async (request, reply) => {
    const { tab_id: tabId, language, page = 1, limit = 20 } = request.body;
    return reply.ok(await adminArticles(app.db, { tabId, lang: language, page, limit }));
  });

  serve(app, api.admin.articleSave, {}, async (request, reply) => {
    const after = await audited(app, request, async (tx, record, a) => {
      const change = await saveArticle(tx, request.body, a.at);
      const detail = { before: change.before && presentAdminArticle(change.before), after: presentAdminArticle(change.after) };
      await record(saved('article', change, detail));
      return detail.after;
    });
    return reply.ok(after, 'msg.set_success');
  });

  deleteRoute(api.admin.articleDelete, 'article', deleteArticle, presentAdminArticle);

  // --- platform announcements ---

  serve(app, api.admin.announcementList, {}, async (_request, reply) => reply.ok(await listAnnouncements(app.db)));

  serve(app, api.admin.announcementSave, {}, async (request, reply) => {
    const list = await audited(app, request, async (tx, record, a) => {
      const change = await saveAnnouncement(tx, request.body, a.at);
      await record(saved('announcement', change));
      return listAnnouncements(tx);
    });
    return reply.ok(list, 'msg.set_success');
  });

  deleteRoute(api.admin.announcementDelete, 'announcement', deleteAnnouncement);
}
