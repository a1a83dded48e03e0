import { api, pathOf } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema.js';
import { callApi, rawCall } from '../helpers.js';
import { PNG, TEXT, createWalletApp, operatorLogin, operatorWithRole, upload } from '../wallet/fixtures.js';

const lastAudit = async (app: Awaited<ReturnType<typeof createWalletApp>>['app'], action: string) =>
  (await app.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

/** Seeded news and banners, the player's content calls and the console's content management. */
describe('content', async () => {
  const { app } = await createWalletApp({ config: { roundSeconds: 90 } });

  it('seeds three tabs of three articles in every language, and banners per language stating the round length', async () => {
    for (const lang of ['zh', 'tw', 'en', 'vi']) {
      const news = await callApi(app, api.content.articleList, {}, { lang });
      expect(news.code).toBe(1);
      expect(news.data.articleTabs).toHaveLength(3);
      for (const tab of news.data.articleTabs) expect(tab.articles.length).toBeGreaterThanOrEqual(3);
      expect(news.data.tops.length).toBeGreaterThanOrEqual(1);
      const banners = await callApi(app, api.content.index, {}, { lang });
      expect(banners.data.banner).toHaveLength(3);
      for (const b of banners.data.banner) expect(b.image).toMatch(new RegExp(`-${lang}\\.svg$`));
    }
    const en = await callApi(app, api.content.index, {}, { lang: 'en' });
    const art = await app.inject({ method: 'GET', url: en.data.banner[1]!.image });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect(art.body).toContain('A ROUND EVERY 90 s');
    expect(art.body).not.toContain('<script');
    const zh = await app.inject({ method: 'GET', url: pathOf(api.content.art, { name: 'games-zh.svg' }) });
    expect(zh.body).toContain('每90秒一期');
    expect((await app.inject({ method: 'GET', url: '/api/index/art/../../etc.svg' })).statusCode).toBe(404);
  });

  it("pages a tab's articles, opens one by id and counts each real view", async () => {
    const news = await callApi(app, api.content.articleList, {}, { lang: 'en' });
    const tab = news.data.articleTabs[1];
    const page1 = await callApi(app, api.content.articlePage, { tab_id: tab!.id, page: 1, limit: 2 }, { lang: 'en' });
    const page2 = await callApi(app, api.content.articlePage, { tab_id: tab!.id, page: 2, limit: 2 }, { lang: 'en' });
    expect(page1.data.total).toBe(3);
    expect(page1.data.list).toHaveLength(2);
    expect(page2.data.list).toHaveLength(1);
    const id = page2.data.list[0]!.id;
    const detail = await callApi(app, api.content.articleDetail, { id }, { lang: 'en' });
    expect(detail.data).toMatchObject({ id, title: page2.data.list[0]!.title, views: 0 });
    expect((await callApi(app, api.content.articleView, { id }, { ip: '198.51.100.1' })).data.views).toBe(1);
    expect((await callApi(app, api.content.articleView, { id }, { ip: '198.51.100.2' })).data.views).toBe(2);
    expect((await callApi(app, api.content.articleDetail, { id: 999_999 })).code).toBe(0);
  });

  it('lets only admins manage content', async () => {
    for (const role of ['finance', 'support'] as const) {
      const token = await operatorWithRole(app, role);
      for (const ref of [api.admin.bannerList, api.admin.articleTabList, api.admin.announcementList]) {
        expect((await rawCall(app, ref, {}, { token })).status).toBe(403);
      }
      const res = await callApi(app, api.admin.articleSave, { tab_id: 1, language: 'en', title: 'x', content: '<p>x</p>' }, { token });
      expect(res.status).toBe(403);
    }
    expect((await callApi(app, api.admin.bannerList, {})).status).toBe(401);
  });

  it('sanitises article HTML on save, audits before and after, and players see the change at once', async () => {
    const admin = await operatorLogin(app);
    const tabs = await callApi(app, api.admin.articleTabList, {}, { token: admin });
    const tabId = tabs.data[0]!.id;
    const picture = await upload(app, admin, { data: PNG, filename: 'p.png', contentType: 'image/png' }, {}, api.admin.contentImageUpload);
    const dirty = `<p onclick="steal()">Hello <b>bold</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="${picture.data.url}" onerror="x()"></p><iframe src="https://evil"></iframe>`;
    const saved = await callApi(
      app,
      api.admin.articleSave,
      { tab_id: tabId, language: 'en', title: 'Fresh news', content: dirty, is_top: true },
      { token: admin },
    );
    expect(saved.code).toBe(1);
    const html = saved.data.content as string;
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain(`<img src="${picture.data.url}" />`);
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe']) expect(html).not.toContain(bad);
    const entry = await lastAudit(app, 'article.create');
    expect(entry?.targetId).toBe(String(saved.data.id));
    expect((entry?.detail as { after: { title: string } }).after.title).toBe('Fresh news');

    const news = await callApi(app, api.content.articleList, {}, { lang: 'en' });
    expect(news.data.tops[0]).toMatchObject({ id: saved.data.id, title: 'Fresh news' });
    expect((await callApi(app, api.content.articleList, {}, { lang: 'zh' })).data.tops.some((a: { id: number }) => a.id === saved.data.id)).toBe(false);

    const edited = await callApi(
      app,
      api.admin.articleSave,
      { id: saved.data.id, tab_id: tabId, language: 'en', title: 'Edited news', content: '<p>ok</p>', is_top: false },
      { token: admin },
    );
    expect(edited.code).toBe(1);
    const upd = await lastAudit(app, 'article.update');
    expect((upd?.detail as { before: { title: string }; after: { title: string } }).before.title).toBe('Fresh news');
    expect((await callApi(app, api.content.articleDetail, { id: saved.data.id })).data.title).toBe('Edited news');

    // Refusals change nothing.
    const bad = await callApi(app, api.admin.articleSave, { tab_id: 99_999, language: 'en', title: 'x', content: '<p>x</p>' }, { token: admin });
    expect(bad).toMatchObject({ code: 0, field: 'tab_id' });
    const noTitle = await callApi(app, api.admin.articleSave, { tab_id: tabId, language: 'en', title: ' ', content: '<p>x</p>' }, { token: admin });
    expect(noTitle).toMatchObject({ code: 0, field: 'title' });
    // A tab with articles is not deleted.
    expect((await callApi(app, api.admin.articleTabDelete, { id: tabId }, { token: admin })).code).toBe(0);
    expect((await callApi(app, api.admin.articleDelete, { id: saved.data.id }, { token: admin })).code).toBe(1);
    expect((await lastAudit(app, 'article.delete'))?.targetId).toBe(String(saved.data.id));
  });

  it('manages tabs in four languages', async () => {
    const admin = await operatorLogin(app);
    const name = { zh: '活动', tw: '活動', en: 'Events', vi: 'Sự kiện' };
    const tab = await callApi(app, api.admin.articleTabSave, { name, sort: 9 }, { token: admin });
    expect(tab.data).toMatchObject({ name, sort: 9, articles: 0 });
    expect((await callApi(app, api.content.articleList, {}, { lang: 'vi' })).data.articleTabs.at(-1)!.name).toBe('Sự kiện');
    const half = await rawCall(app, api.admin.articleTabSave, { name: { zh: '活动', en: 'Events' } }, { token: admin });
    expect(half.code).toBe(0);
    expect((await callApi(app, api.admin.articleTabDelete, { id: tab.data.id }, { token: admin })).code).toBe(1);
  });

  it('uploads a banner image, links, orders and removes banners, all audited', async () => {
    const admin = await operatorLogin(app);
    const notImage = await upload(app, admin, { data: TEXT, filename: 'a.png', contentType: 'image/png' }, {}, api.admin.contentImageUpload);
    expect(notImage.code).toBe(0);
    const up = await upload(app, admin, { data: PNG, filename: 'b.png', contentType: 'image/png' }, {}, api.admin.contentImageUpload);
    expect(up.code).toBe(1);
    const img = await app.inject({ method: 'GET', url: up.data.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    expect(await lastAudit(app, 'content.image_upload')).toMatchObject({ action: 'content.image_upload', operatorId: expect.any(Number) });

    const badLink = await callApi(app, api.admin.bannerSave, { image: up.data.url, link: 'javascript:alert(1)', enabled: true }, { token: admin });
    expect(badLink).toMatchObject({ code: 0, field: 'link' });
    const saved = await callApi(
      app,
      api.admin.bannerSave,
      { image: up.data.url, link: '/shareFriend', language: 'en', title: 'Invite', enabled: true },
      { token: admin },
    );
    expect(saved.code).toBe(1);
    expect((await lastAudit(app, 'banner.create'))?.targetId).toBe(String(saved.data.id));
    let en = (await callApi(app, api.content.index, {}, { lang: 'en' })).data.banner;
    expect(en.at(-1)).toMatchObject({ id: saved.data.id, link: '/shareFriend', title: 'Invite' });
    expect((await callApi(app, api.content.index, {}, { lang: 'zh' })).data.banner.some((b: { id: number }) => b.id === saved.data.id)).toBe(false);

    const all = (await callApi(app, api.admin.bannerList, {}, { token: admin })).data as { id: number }[];
    const ids = [saved.data.id, ...all.map((b) => b.id).filter((id) => id !== saved.data.id)];
    const ordered = await callApi(app, api.admin.bannerOrder, { ids }, { token: admin });
    expect(ordered.code).toBe(1);
    en = (await callApi(app, api.content.index, {}, { lang: 'en' })).data.banner;
    expect(en[0]!.id).toBe(saved.data.id);
    expect((await lastAudit(app, 'banner.order'))?.detail).toMatchObject({ after: ids });
    expect((await callApi(app, api.admin.bannerOrder, { ids: [saved.data.id, 999_999] }, { token: admin })).code).toBe(0);

    expect((await callApi(app, api.admin.bannerSave, { id: saved.data.id, image: up.data.url, language: 'en', enabled: false }, { token: admin })).code).toBe(
      1,
    );
    en = (await callApi(app, api.content.index, {}, { lang: 'en' })).data.banner;
    expect(en.some((b: { id: number }) => b.id === saved.data.id)).toBe(false);
    expect((await callApi(app, api.admin.bannerDelete, { id: saved.data.id }, { token: admin })).code).toBe(1);
    expect((await lastAudit(app, 'banner.delete'))?.targetId).toBe(String(saved.data.id));
  });
});
