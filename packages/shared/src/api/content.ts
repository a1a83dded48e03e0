import {
  articleData,
  articleIdSchema,
  articleListData,
  articlePageData,
  articlePageSchema,
  articleViewData,
  artNameParams,
  homeData,
  inviteInfoData,
  mediaNameParams,
  noticeListData,
  noticeListSchema,
  noticeUnreadData,
} from '../schemas/content.js';
import { fileBytes, noInput } from '../schemas/fields.js';
import { memberAccess, playerAccess, publicAccess } from '../access.js';
import { defineCall } from './define.js';

/**
 * What players read: the home banners, news, the content images, their notices and invitations.
 * Server: apps/server/src/routes/content/.
 */
export const content = {
  index: defineCall({
    method: 'GET',
    path: '/api/index/index',
    access: publicAccess,
    summary: "The home banners in the caller's language.",
    input: noInput,
    answer: homeData,
  }),
  articleList: defineCall({
    method: 'GET',
    path: '/api/index/articleList',
    access: publicAccess,
    summary: "News in the caller's language: the pinned hot topics and each tab's latest articles.",
    input: noInput,
    answer: articleListData,
  }),
  articlePage: defineCall({
    method: 'GET',
    path: '/api/index/articlePage',
    access: publicAccess,
    summary: "One news tab's articles (every article without a tab), a page at a time, newest first.",
    input: articlePageSchema,
    answer: articlePageData,
  }),
  articleDetail: defineCall({
    method: 'GET',
    path: '/api/index/articleDetail',
    access: publicAccess,
    summary: 'One article by its id.',
    input: articleIdSchema,
    answer: articleData,
  }),
  articleView: defineCall({
    method: 'POST',
    path: '/api/index/articleView',
    access: publicAccess,
    summary: "Counts a real view of an article (once per viewer, the session's player or else the address, per article and day) and answers the count.",
    input: articleIdSchema,
    answer: articleViewData,
  }),
  media: defineCall({
    method: 'GET',
    path: '/api/index/media/:name',
    kind: 'file',
    access: publicAccess,
    summary: 'A banner or article picture an operator uploaded; it never changes under its random name.',
    input: mediaNameParams,
    answer: fileBytes,
  }),
  art: defineCall({
    method: 'GET',
    path: '/api/index/art/:name',
    kind: 'file',
    access: publicAccess,
    summary: "A demo banner as SVG, drawn in its language with this server's round length.",
    input: artNameParams,
    answer: fileBytes,
  }),
  noticeList: defineCall({
    method: 'POST',
    path: '/api/user/noticeList',
    access: playerAccess,
    summary: "One tab of the caller's notices (1 station messages, 2 platform announcements), newest first; what it lists is marked read.",
    input: noticeListSchema,
    answer: noticeListData,
  }),
  noticeUnread: defineCall({
    method: 'POST',
    path: '/api/user/noticeUnread',
    access: playerAccess,
    summary: "How many of the caller's notices are unread, per tab and in total.",
    input: noInput,
    answer: noticeUnreadData,
  }),
  inviteInfo: defineCall({
    method: 'POST',
    path: '/api/user/inviteInfo',
    access: memberAccess,
    summary: "The caller's id (the invite link's inviter_id) and how many players registered through it.",
    input: noInput,
    answer: inviteInfoData,
  }),
};
