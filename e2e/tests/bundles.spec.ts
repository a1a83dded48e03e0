import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ready } from './ui';

/** The console is its own build, and nothing of it loads in the player app. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scriptsOf = (dist: string) => {
  const assets = path.join(root, dist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'));
};

/** Every URL the page asks for while `visit` runs. */
async function requestsDuring(page: Page, visit: () => Promise<void>) {
  const urls: string[] = [];
  const record = (r: { url: () => string }) => urls.push(new URL(r.url()).pathname);
  page.on('request', record);
  await visit();
  page.off('request', record);
  return urls;
}

test('the player build holds no console code, and the player app loads nothing from /admin/', async ({ page }) => {
  const player = scriptsOf('apps/web/dist');
  expect(player.length).toBeGreaterThan(0);
  // The console's API client and its libraries' markers are in the console build, never in the player's.
  const consoleOnly = ['/api/admin/', 'ant-design', 'rc-table', 'recharts-wrapper'];
  const consoleScripts = scriptsOf('apps/admin/dist').join('\n');
  for (const marker of consoleOnly) {
    expect(consoleScripts, `the console build has ${marker}`).toContain(marker);
    for (const script of player) expect(script.includes(marker), `the player build has ${marker}`).toBe(false);
  }

  const urls = await requestsDuring(page, async () => {
    for (const screen of ['/', '/login', '/register']) {
      await page.goto(screen);
      await ready(page);
    }
    await page.waitForLoadState('networkidle');
  });
  expect(urls.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(urls.filter((u) => u.startsWith('/admin') || u.startsWith('/api/admin/'))).toEqual([]);
});

test('the console at /admin/ loads only its own build', async ({ page }) => {
  const urls = await requestsDuring(page, async () => {
    await page.goto('/admin/');
    await expect(page.getByLabel('用户名')).toBeVisible();
  });
  const scripts = urls.filter((u) => u.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => !u.startsWith('/admin/assets/'))).toEqual([]);
});
