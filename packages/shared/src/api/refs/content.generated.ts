// Generated from the API contract (packages/shared/src/api) by `npm run api:generate`. Do not edit.
import type { Api } from '../index.js';
import type { RefOf } from '../define.js';

type Group = Api['content'];

export const index: RefOf<Group['index']> = {"name":"content.index","method":"GET","path":"/api/index/index","kind":"json","access":{"who":"public"},"idempotent":false};
export const articleList: RefOf<Group['articleList']> = {"name":"content.articleList","method":"GET","path":"/api/index/articleList","kind":"json","access":{"who":"public"},"idempotent":false};
export const articlePage: RefOf<Group['articlePage']> = {"name":"content.articlePage","method":"GET","path":"/api/index/articlePage","kind":"json","access":{"who":"public"},"idempotent":false};
export const articleDetail: RefOf<Group['articleDetail']> = {"name":"content.articleDetail","method":"GET","path":"/api/index/articleDetail","kind":"json","access":{"who":"public"},"idempotent":false};
export const articleView: RefOf<Group['articleView']> = {"name":"content.articleView","method":"POST","path":"/api/index/articleView","kind":"json","access":{"who":"public"},"idempotent":false};
export const media: RefOf<Group['media']> = {"name":"content.media","method":"GET","path":"/api/index/media/:name","kind":"file","access":{"who":"public"},"idempotent":false};
export const art: RefOf<Group['art']> = {"name":"content.art","method":"GET","path":"/api/index/art/:name","kind":"file","access":{"who":"public"},"idempotent":false};
export const noticeList: RefOf<Group['noticeList']> = {"name":"content.noticeList","method":"POST","path":"/api/user/noticeList","kind":"json","access":{"who":"player"},"idempotent":false};
export const noticeUnread: RefOf<Group['noticeUnread']> = {"name":"content.noticeUnread","method":"POST","path":"/api/user/noticeUnread","kind":"json","access":{"who":"player"},"idempotent":false};
export const inviteInfo: RefOf<Group['inviteInfo']> = {"name":"content.inviteInfo","method":"POST","path":"/api/user/inviteInfo","kind":"json","access":{"who":"member"},"idempotent":false};
