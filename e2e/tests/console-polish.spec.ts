/** The console at 1440 px: the layout fills the window, no router warnings, the menu by subject, forms that ask before discarding. */
import { expect, test, type Page } from '@playwright/test';
import { operatorToken } from './operator';

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

/** Signed in as the first operator, in English, on `path`; collects the page's console warnings. */
async function openConsole(page: Page, token: string, path: string) {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto('/admin/login');
  await page.evaluate((t) => {
    sessionStorage.setItem('lucky28.console.token', t);
    localStorage.setItem('lucky28.console.lang', 'en');
  }, token);
  await page.goto(path);
  await expect(page.getByTestId('operator-menu')).toBeVisible();
  return warnings;
}

test('the console fills a 1440 px window, its menu groups screens by subject, and a first load of a lazy screen warns of nothing', async ({
  page,
  request,
}) => {
  const token = await operatorToken(request);
  const warnings = await openConsole(page, token, '/admin/games');
  await expect(page.getByTestId(/^edit-room-/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/console-games-1440.png' });

  const content = await page.locator('.console-content').boundingBox();
  const sider = await page.locator('.ant-layout-sider').boundingBox();
  // The content takes the whole width beside the menu (less its margins), not a narrow centred column.
  expect(sider!.x).toBe(0);
  expect(content!.x + content!.width).toBeGreaterThan(1440 - 40);
  expect(content!.width).toBeGreaterThan(1440 - sider!.width - 60);
  const table = await page.locator('.ant-table').first().boundingBox();
  expect(table!.width).toBeGreaterThan(content!.width - 80);

  const players = page.locator('.ant-menu-item-group').filter({ hasText: 'Players' });
  await expect(players.getByRole('menuitem')).toHaveText(['Users']);
  expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
});

test("antd's styles come from the build's stylesheet, in the console's colours", async ({ page, request }) => {
  const token = await operatorToken(request);
  await openConsole(page, token, '/admin/games');
  await expect(page.getByTestId(/^edit-room-/).first()).toBeVisible();
  expect(await page.locator('link[rel="stylesheet"][href*="/assets/antd-"]').count()).toBe(1);
  // The selected menu entry in the theme's red (#b3121f), not antd's default blue.
  await expect(page.locator('.ant-menu-item-selected')).toHaveCSS('background-color', 'rgb(179, 18, 31)');
  // No component's styles generated in the page: only the theme's CSS variables (data-token-hash) and the icons' base rule.
  const generated = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'))
      .filter((s) => !s.hasAttribute('data-token-hash') && !s.hasAttribute('rc-util-key'))
      .map((s) => s.textContent?.slice(0, 80)),
  );
  expect(generated).toEqual([]);
});

test('Esc on an edited announcement asks before discarding; the form names the missing language', async ({ page, request }) => {
  const token = await operatorToken(request);
  await openConsole(page, token, '/admin/content?tab=announcements');
  await page.getByRole('tab', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  for (const lang of ['简体中文', '繁體中文', 'English']) {
    await dialog.getByLabel(`Title · ${lang}`).fill('Maintenance tonight');
    await dialog.getByLabel(`Text · ${lang}`).fill('From 02:00 to 03:00');
  }
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Title is missing in Tiếng Việt')).toBeVisible();
  await expect(dialog.getByText('Text is missing in Tiếng Việt')).toBeVisible();

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Keep editing' }).click();
  // The question fades out before it lets go of the focus: an Esc pressed while it is still there reaches it, not the form.
  await expect(page.getByRole('button', { name: 'Keep editing' })).toHaveCount(0);
  await expect(dialog.getByLabel('Title · English')).toHaveValue('Maintenance tonight');
  await dialog.getByLabel('Title · English').focus();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Title · English')).toHaveCount(0);
});
