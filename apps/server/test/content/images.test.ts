/**
 * Pictures in content: an article or banner picture must be one of ours (a picture from another site
 * would tell that site who reads what, and the pages' CSP would not show it), a saved reference must
 * point at a stored image, and content images no banner or article uses are pruned a day after upload.
 */
import { api, pathOf } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/query.js';
import { articles } from '../../src/db/schema.js';
import { holdContentImages } from '../../src/domain/content/images.js';
import { pruneOnce } from '../../src/plugins/housekeeping.js';
import { usingPostgres, callApi } from '../helpers.js';
import { PNG, createWalletApp, operatorLogin, upload } from '../wallet/fixtures.js';

const HOUR = 60 * 60 * 1000;
const clock = new ManualClock(Date.UTC(2026, 6, 1, 3, 0, 0));
const { app } = await createWalletApp({ clock });
const tabId = async (token: string) => (await callApi(app, api.admin.articleTabList, {}, { token })).data[0]!.id as number;
const picture = async (token: string) => {
  const res = await upload(app, token, { data: PNG, filename: 'p.png', contentType: 'image/png' }, {}, api.admin.contentImageUpload);
  if (res.code !== 1) throw new Error(JSON.stringify(res));
  return res.data.url as string;
};
const saveArticle = async (token: string, content: string, extra: Record<string, unknown> = {}) =>
  callApi(app, api.admin.articleSave, { tab_id: await tabId(token), language: 'en', title: 'Pictures', content, ...extra }, { token });
const articleCount = async () => Number((await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from articles`))[0]!.n);
const served = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;
const prune = () => pruneOnce({ db: app.db, dataDir: app.config.dataDir, now: clock.now(), timeZone: app.config.timeZone, log: app.log });

describe('pictures from other sites', () => {
  it('refuses an article whose picture loads from another site, however the address is written, and saves nothing', async () => {
    const admin = await operatorLogin(app);
    const before = await articleCount();
    const foreign = [
      'https://cdn.example.com/a.png',
      'http://cdn.example.com/a.png',
      '//cdn.example.com/a.png',
      '/\\cdn.example.com/a.png',
      ' https://cdn.example.com/a.png',
      'HTTPS://cdn.example.com/a.png',
      'https:cdn.example.com/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ];
    for (const src of foreign) {
      const res = await saveArticle(admin, `<p>text</p><img src="${src}" alt="x">`);
      expect(res, src).toMatchObject({
        code: 0,
        field: 'content',
        msg: 'Pictures from other websites cannot be used in an article (that site would learn who reads it): upload the picture with the image button',
      });
    }
    const tabbed = await saveArticle(admin, '<p><img src="&#9;//cdn.example.com/a.png"></p>');
    expect(tabbed).toMatchObject({ code: 0, field: 'content' });
    const zh = await callApi(
      app,
      api.admin.articleSave,
      { tab_id: await tabId(admin), language: 'zh', title: 'x', content: '<img src="https://cdn.example.com/a.png">', lang: 'zh' },
      { token: admin },
    );
    expect(zh.msg).toBe('文章中不能使用其他网站的图片（该网站会得知谁在阅读）：请用图片按钮上传图片');
    expect(await articleCount()).toBe(before);
    // A link to another site is still a link (followed only when the reader taps it).
    const linked = await saveArticle(admin, '<p><a href="https://example.com/news">source</a></p>');
    expect(linked.code).toBe(1);
  });

  it('keeps an uploaded picture, and refuses one that is not stored (or no longer)', async () => {
    const admin = await operatorLogin(app);
    const url = await picture(admin);
    const saved = await saveArticle(admin, `<p>ours</p><img src="${url}" alt="ours">`);
    expect(saved.code).toBe(1);
    expect(saved.data.content).toContain(`<img src="${url}" alt="ours" />`);
    const missing = await saveArticle(admin, `<img src="/api/index/media/${'Z'.repeat(32)}">`);
    expect(missing).toMatchObject({ code: 0, field: 'content', msg: 'A picture in this content is no longer stored, please upload it again' });
  });

  it('refuses a banner picture from another site', async () => {
    const admin = await operatorLogin(app);
    const res = await callApi(app, api.admin.bannerSave, { image: 'https://cdn.example.com/b.png', link: '/fair', enabled: true }, { token: admin });
    expect(res).toMatchObject({ code: 0, field: 'image', msg: 'A banner picture must be uploaded here, not taken from another website' });
    const gone = await callApi(app, api.admin.bannerSave, { image: `/api/index/media/${'Y'.repeat(32)}`, enabled: true }, { token: admin });
    expect(gone).toMatchObject({ code: 0, field: 'image' });
    // The demo banners' own pictures are this site's.
    expect((await callApi(app, api.admin.bannerSave, { image: pathOf(api.content.art, { name: 'fair-en.svg' }), enabled: false }, { token: admin })).code).toBe(
      1,
    );
  });
});

describe('pruning of content images', () => {
  it('removes, a day after upload, the images no banner or article uses', async () => {
    let admin = await operatorLogin(app);
    const inArticle = await picture(admin);
    const inBanner = await picture(admin);
    const unused = await picture(admin);
    const inDeleted = await picture(admin);
    expect((await saveArticle(admin, `<p><img src="${inArticle}"></p>`)).code).toBe(1);
    expect((await callApi(app, api.admin.bannerSave, { image: inBanner, enabled: false }, { token: admin })).code).toBe(1);
    const doomed = await saveArticle(admin, `<p><a href="${inDeleted}">full size</a></p>`);
    expect(doomed.code).toBe(1);

    clock.advance(23 * HOUR);
    expect((await prune()).contentImages).toEqual([]);
    clock.advance(2 * HOUR);
    const name = (url: string) => url.split('/').pop();
    const report = await prune();
    expect(report.contentImages).toContain(name(unused));
    for (const kept of [inArticle, inBanner, inDeleted]) expect(report.contentImages).not.toContain(name(kept));
    expect(await served(unused)).toBe(404);
    for (const kept of [inArticle, inBanner, inDeleted]) expect(await served(kept)).toBe(200);

    // Once the article that used it is deleted, its picture goes at the next run.
    admin = await operatorLogin(app);
    expect((await callApi(app, api.admin.articleDelete, { id: doomed.data.id }, { token: admin })).code).toBe(1);
    expect((await prune()).contentImages).toEqual([name(inDeleted)]);
    expect(await served(inDeleted)).toBe(404);
    expect(await served(inArticle)).toBe(200);
  });

  it('never removes an image a save in progress is about to use', async () => {
    const admin = await operatorLogin(app);
    const url = await picture(admin);
    clock.advance(25 * HOUR);
    const html = `<p><img src="${url}"></p>`;
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    // An article save, between its check of the pictures and its commit.
    const saving = app.db.transaction(async (tx) => {
      await holdContentImages(tx, html, 'content');
      await tx.insert(articles).values({ tabId: null, lang: 'en', title: 'held', content: html, createdAt: new Date(clock.now()) });
      holding();
      await held;
    });
    await holds;
    const pruning = prune();
    // PostgreSQL: the run skips the held image and ends while the save is still open. PGlite runs one
    // transaction at a time, so there the run waits for the save and then sees its article.
    if (usingPostgres) expect((await pruning).contentImages).not.toContain(url.split('/').pop());
    commit();
    await saving;
    expect((await pruning).contentImages).not.toContain(url.split('/').pop());
    expect(await served(url)).toBe(200);
  });
});
