/** An operator writes an article and a banner in the console; the player app shows them without a restart. */
import { expect, test } from '@playwright/test';
import { consoleButton, operatorToken } from './operator';
import { PNG, newMember, openAs } from './members';

// The console is a desktop app; the player pages opened from here get the phone viewport again.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('an article written in the console rich-text editor reaches players at once, sanitised', async ({ page, browser, request }) => {
  const token = await operatorToken(request);
  await page.goto('/admin/login');
  await page.evaluate((t) => sessionStorage.setItem('lucky28.console.token', t), token);
  await page.goto('/admin/content?tab=articles');
  await expect(page.getByTestId('operator-menu')).toBeVisible();

  await page.getByTestId('article-add').click();
  const drawer = page.locator('.ant-drawer');
  const language = drawer.locator('.ant-select').nth(1);
  await language.click();
  await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
  await expect(language, 'the drawer shows the language chosen').toHaveText('English');
  const title = `Console news ${Date.now()}`;
  await drawer.getByTestId('article-title').fill(title);
  const editor = drawer.locator('.tiptap');
  await editor.click();
  await page.keyboard.type('Fresh from the console. ');
  const bold = drawer.getByRole('button', { name: consoleButton('粗体') });
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Bold words');
  await expect(language, 'the language is still the one chosen when saving').toHaveText('English');
  await drawer.getByTestId('article-save').click();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

  // Every change is audited; the audit row names what was saved: English, in the first tab (the one
  // the player app opens), formatted.
  const audit = await (await request.post('/api/admin/auditList', { headers: { token }, data: { action: 'article.create' } })).json();
  type Saved = { title?: string; lang?: string; tab_id?: number; content?: string };
  const saved = (audit.data.list as { detail: { after?: Saved } }[]).map((r) => r.detail?.after).find((a) => a?.title === title);
  expect(saved, 'the new article is in the audit log').toBeTruthy();
  expect(saved!.lang).toBe('en');
  expect(saved!.content).toContain('<strong>Bold words</strong>');
  const tabs = (await (await request.get('/api/index/articleList', { params: { lang: 'en' } })).json()).data.articleTabs as {
    id: number;
    articles: { title: string }[];
  }[];
  expect(tabs[0]!.id).toBe(saved!.tab_id);
  expect(tabs[0]!.articles[0]!.title, 'newest first in its tab').toBe(title);

  // The player app lists it (newest first) and renders its formatting.
  const member = await newMember(request, 'reader');
  const player = await browser.newPage(phone);
  await openAs(player, member, 'en', '/moreNews');
  const item = player.getByTestId('news-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await item.click();
  await expect(player.getByTestId('article-title')).toHaveText(title);
  await expect(player.getByTestId('article-content').locator('strong, b')).toHaveText('Bold words');
  await player.close();
});

test("a banner uploaded in the console shows on the players' home in its language", async ({ page, browser, request }) => {
  const token = await operatorToken(request);
  await page.goto('/admin/login');
  await page.evaluate((t) => sessionStorage.setItem('lucky28.console.token', t), token);
  await page.goto('/admin/content?tab=banners');
  await page.getByTestId('banner-add').click();
  const modal = page.locator('.ant-modal');
  await modal.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(modal.locator('img')).toBeVisible();
  const title = `Banner ${Date.now()}`;
  await modal.getByLabel('标题').fill(title);
  await modal.getByLabel('链接').fill('/shareFriend');
  await modal.getByRole('combobox').click();
  await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
  await modal.getByRole('button', { name: consoleButton('确定') }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

  const member = await newMember(request, 'banner');
  const player = await browser.newPage(phone);
  await openAs(player, member, 'en');
  await expect(player.getByTestId('banner-carousel').locator(`a[href="/shareFriend"] img`)).toHaveCount(1);
  await player.close();
});
