import { z } from 'zod';
import { unixTime } from './envelope.js';
import { adminPaging } from './admin.js';
import { INT4_MAX, flagField, idField, intField, intListField, optionalInt, optionalText, requiredText } from './fields.js';

/**
 * News, banners, notices and invitations and their operator calls:
 * the player's calls and answers, then the console's.
 */

export const CONTENT_LANGS = ['zh', 'tw', 'en', 'vi'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

/** Where a banner or an article picture may point: a same-site path or an http(s) address. */
export const isContentLink = (v: string) => /^\/(?![/\\])[^\s]*$/.test(v) || /^https?:\/\/[^\s/]+/i.test(v);

const listPaging = {
  page: optionalInt({ min: 1, max: 100_000, invalid: 'err.bad_request' }),
  limit: optionalInt({ min: 1, max: 50, invalid: 'err.bad_request' }),
};

// --- player: news ---

export const articleIdSchema = z.object({ id: idField('err.not_found') });

/** One tab's articles a page at a time (/moreNews' infinite scroll); no tab: every article. */
export const articlePageSchema = z.object({ tab_id: optionalInt({ min: 0, invalid: 'err.bad_request' }), ...listPaging });

export const articleData = z.object({
  id: z.number().int(),
  tab_id: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  views: z.number().int(),
  createtime: unixTime,
});
export const articleListData = z.object({
  tops: z.array(articleData),
  articleTabs: z.array(z.object({ id: z.number().int(), name: z.string(), articles: z.array(articleData) })),
});
export const articlePageData = z.object({ total: z.number().int(), list: z.array(articleData) });
export const articleViewData = z.object({ views: z.number().int() });
export const bannerData = z.object({ id: z.number().int(), image: z.string(), link: z.string().nullable(), title: z.string() });
export const homeData = z.object({ banner: z.array(bannerData) });

// --- player: notices and invitations ---

/** Notice tabs: 1 station messages (to this player), 2 platform announcements. */
export const NOTICE_STATION = 1;
export const NOTICE_PLATFORM = 2;

export const noticeListSchema = z.object({
  type: intField({ min: 1, max: 2, invalid: 'err.bad_request' }),
  ...listPaging,
});
export const noticeData = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** What a station message is about (e.g. `streak_alert`), for the app to link it; null for an announcement. */
  key: z.string().nullable(),
  /** Whether the player had read it before this list (the list marks what it shows as read). */
  read: z.boolean(),
  createtime: unixTime,
});
export const noticeListData = z.object({ total: z.number().int(), unread: z.number().int(), list: z.array(noticeData) });
export const noticeUnreadData = z.object({ station: z.number().int(), platform: z.number().int(), total: z.number().int() });
export const inviteInfoData = z.object({ inviter_id: z.number().int(), invited: z.number().int() });

// --- console ---

const linkField = optionalText({ max: 500, invalid: 'err.link_invalid' }).pipe(z.string().refine(isContentLink, 'err.link_invalid').optional());
const langField = z
  .union([z.enum(CONTENT_LANGS), z.literal(''), z.null()], { error: 'err.bad_request' })
  .optional()
  .transform((v) => (v ? v : null));

/**
 * The console's calls name a content's language `language` (`lang` is every call's answer language).
 */
export const bannerSaveSchema = z.object({
  id: optionalInt({ min: 1, invalid: 'err.not_found' }),
  image: requiredText('err.image_required', { max: 500, invalid: 'err.link_invalid' }).pipe(z.string().refine(isContentLink, 'err.link_invalid')),
  link: linkField,
  language: langField,
  title: optionalText({ max: 100 }),
  sort: optionalInt({ min: 0, max: 100_000, invalid: 'err.bad_request' }),
  enabled: flagField(),
});
export const contentIdSchema = z.object({ id: idField('err.not_found') });
/** The banners' new order: every banner id, first shown first. */
export const bannerOrderSchema = z.object({
  ids: intListField({ maxItems: 100, maxItem: INT4_MAX, invalid: 'err.bad_request' }),
});

const tabName = requiredText('err.title_required', { max: 40, invalid: 'err.title_required' });
export const articleTabSaveSchema = z.object({
  id: optionalInt({ min: 1, invalid: 'err.not_found' }),
  name: z.object({ zh: tabName, tw: tabName, en: tabName, vi: tabName }, { error: 'err.title_required' }),
  sort: optionalInt({ min: 0, max: 100_000, invalid: 'err.bad_request' }),
});

/** Longest article body accepted, in characters of HTML before sanitising. */
export const ARTICLE_HTML_MAX = 100_000;
export const articleSaveSchema = z.object({
  id: optionalInt({ min: 1, invalid: 'err.not_found' }),
  tab_id: idField('err.tab_required'),
  language: z.enum(CONTENT_LANGS, { error: 'err.bad_request' }),
  title: requiredText('err.article_title_required', { max: 120, invalid: 'err.article_title_required' }),
  content: requiredText('err.content_required', { max: ARTICLE_HTML_MAX, multiline: true }),
  is_top: flagField(),
});
export const adminArticleListSchema = z.object({
  tab_id: optionalInt({ min: 1, invalid: 'err.bad_request' }),
  language: langField,
  ...adminPaging,
});

const noticeTitle = requiredText('err.notice_title_required', { max: 60, invalid: 'err.notice_title_required' });
const noticeBody = requiredText('err.notice_content_required', { max: 2000, multiline: true, invalid: 'err.notice_content_required' });
export const announcementSaveSchema = z.object({
  id: optionalInt({ min: 1, invalid: 'err.not_found' }),
  title: z.object({ zh: noticeTitle, tw: noticeTitle, en: noticeTitle, vi: noticeTitle }, { error: 'err.notice_title_required' }),
  content: z.object({ zh: noticeBody, tw: noticeBody, en: noticeBody, vi: noticeBody }, { error: 'err.notice_content_required' }),
  enabled: flagField(),
});

const localized = z.object({ zh: z.string(), tw: z.string(), en: z.string(), vi: z.string() });
export const adminBannerData = z.object({
  id: z.number().int(),
  image: z.string(),
  link: z.string().nullable(),
  lang: z.string().nullable(),
  title: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const adminBannerListData = z.array(adminBannerData);
export const contentImageData = z.object({ url: z.string() });
export const adminTabData = z.object({ id: z.number().int(), name: localized, sort: z.number().int(), articles: z.number().int() });
export const adminTabListData = z.array(adminTabData);
export const adminArticleData = z.object({
  id: z.number().int(),
  tab_id: z.number().int().nullable(),
  lang: z.string(),
  title: z.string(),
  content: z.string(),
  is_top: z.boolean(),
  views: z.number().int(),
  createtime: unixTime,
});
export const adminArticleListData = z.object({ total: z.number().int(), list: z.array(adminArticleData) });
export const adminAnnouncementData = z.object({
  id: z.number().int(),
  title: localized,
  content: localized,
  enabled: z.boolean(),
  createtime: unixTime,
});
export const adminAnnouncementListData = z.array(adminAnnouncementData);
export const contentDeletedData = z.object({ id: z.number().int() });

/** GET /api/index/media/:name — a public content image; GET /api/index/art/:name — a demo banner's SVG. */
export const mediaNameParams = z.object({ name: z.string({ error: 'err.not_found' }).regex(/^[A-Za-z0-9_-]{32}$/, 'err.not_found') });
export const artNameParams = z.object({ name: z.string({ error: 'err.not_found' }).regex(/^(fair|games|secure)-(zh|tw|en|vi)\.svg$/, 'err.not_found') });
