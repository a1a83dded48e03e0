/** News and articles, notices, promotion zoom, the invite link's QR code and registrations through it. */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { fund, newMember, openAs } from './members';
import { PASSWORD, newUsername, ready } from './ui';

async function articleViews(page: Page, id: number): Promise<number> {
  const res = await (await page.request.get('/api/index/articleDetail', { params: { id, lang: 'en' } })).json();
  return res.data.views as number;
}

test('home news opens an article, which counts one real view', async ({ page, request }) => {
  const member = await newMember(request, 'news');
  await openAs(page, member, 'en');
  // The news section loads when it scrolls into view (below the game cards, which may still be growing
  // the page when the first scroll happens: scroll again until it is there).
  const news = page.getByTestId('home-news');
  await expect(async () => {
    const spot = page.locator('[data-lazy-spot]');
    if ((await spot.count()) > 0) await spot.last().scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(news.getByTestId('news-item').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const first = news.getByTestId('news-item').first();
  const id = Number(await first.getAttribute('data-article-id'));
  const title = (await first.locator('.news-row-title').textContent())!;
  const before = await articleViews(page, id);

  await first.click();
  await expect(page).toHaveURL(new RegExp(`/aticleDetail\\?id=${id}&news=`));
  await expect(page.getByTestId('article-title')).toHaveText(title);
  await expect(page.getByTestId('article-content')).not.toBeEmpty();
  await expect(page.getByTestId('article-views')).toHaveText(String(before + 1));
  expect(await articleViews(page, id)).toBe(before + 1);

  // A shared ?id= link shows the same article; /moreNews lists every tab.
  await page.goto(`/aticleDetail?id=${id}`);
  await expect(page.getByTestId('article-title')).toHaveText(title);
  await page.goto('/moreNews');
  await expect(page.locator('.adm-tabs-tab')).toHaveCount(3);
  await expect(page.getByTestId('news-item').first()).toBeVisible();
});

test("the share page's QR code decodes to the invite link, and a registration through it is counted", async ({ page, browser, request }) => {
  const inviter = await newMember(request, 'inv');
  await openAs(page, inviter, 'en', '/shareFriend');
  const link = `${new URL(page.url()).origin}/register?inviter_id=${inviter.userId}`;
  await expect(page.getByTestId('share-link')).toHaveText(link);
  await expect(page.getByTestId('share-invited')).toHaveText('0');

  const canvas = page.getByTestId('share-qr');
  const box = await canvas.boundingBox();
  expect(Math.round(box!.width)).toBe(200);
  expect(Math.round(box!.height)).toBe(200);
  const pixels = await canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(decoded?.data).toBe(link);

  await page.getByTestId('share-copy').click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();

  // A visitor follows the link and registers: the invite code is filled in.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(decoded!.data);
  await ready(other);
  await expect(other.locator('input[name="inviter_id"]')).toHaveValue(String(inviter.userId));
  await other.getByPlaceholder('請輸入用戶名').fill(newUsername('friend'));
  await other.getByPlaceholder('請輸入密碼').fill(PASSWORD);
  await other.getByPlaceholder('請再次輸入密碼').fill(PASSWORD);
  await other.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(other).toHaveURL(/\/$/);
  await visitor.close();

  await page.reload();
  await expect(page.getByTestId('share-invited')).toHaveText('1');
});

test('the promotional image opens full screen, zooms between 0.5x and 3x and closes on a tap', async ({ page, request }) => {
  const member = await newMember(request, 'promo');
  await openAs(page, member, 'en', '/GamePromotion');
  await expect(page.getByRole('heading', { name: 'Lucky28' })).toBeVisible();
  await page.getByTestId('promo-image').click();
  const overlay = page.getByTestId('promo-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveAttribute('data-zoom', '1.0');
  await page.mouse.move(195, 420);
  await page.mouse.wheel(0, -100);
  await expect(overlay).toHaveAttribute('data-zoom', '1.1');
  await page.mouse.wheel(0, 100);
  await page.mouse.wheel(0, 100);
  await expect(overlay).toHaveAttribute('data-zoom', '0.9');
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 100);
  await expect(overlay).toHaveAttribute('data-zoom', '0.5');
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -100);
  await expect(overlay).toHaveAttribute('data-zoom', '3.0');
  const scale = await overlay.locator('img').evaluate((img) => getComputedStyle(img).transform);
  expect(scale).toContain('matrix(3, 0, 0, 3');
  await overlay.click();
  await expect(overlay).toHaveCount(0);
});

test('/notice shows the message written when an operator approves a deposit', async ({ page, request }) => {
  const member = await newMember(request, 'note');
  await openAs(page, member, 'en', '/notice');
  await expect(page.getByTestId('notice-empty-1')).toBeVisible();
  await expect(page.getByText('Nothing here yet')).toBeVisible();

  await fund(request, member, '250');
  await page.goto('/personal');
  await expect(page.getByTestId('notice-unread')).toHaveText('1');
  await page.getByText('Messages').click();
  await expect(page).toHaveURL(/\/notice/);
  const item = page.getByTestId('notice-item').first();
  await expect(item).toContainText('Deposit credited');
  await expect(item).toContainText('250.00 u');
  await page.goto('/personal');
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
});
