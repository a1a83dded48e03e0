/**
 * The built player app runs under its Content-Security-Policy. Every screen of the
 * router (read from apps/web/src/app/routes.tsx, so new screens are covered) renders with no
 * policy violation; the policy really is enforced (an injected inline script is blocked);
 * and no other site can frame the app.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ready, registerThroughUi, newUsername } from './ui';

/** Every path the player app's router knows. */
const ROUTES = [...fs.readFileSync(new URL('../../apps/web/src/app/routes.tsx', import.meta.url), 'utf8').matchAll(/path: '(\/[^']*)'/g)].map((m) => m[1]!);

/** Query strings some screens need to show their content rather than a "parameter error". */
const QUERIES: Record<string, string> = {
  '/setting': '?type=2',
  '/bankCardManage': '?type=0',
  '/lotteryDetail': '?game_id=7',
  '/trendChart': '?game_id=7',
  '/lottery': '?tab=0',
};

/** Collects the policy's violations in the page (as the browser reports them) and on the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test('the player app runs under its Content-Security-Policy on every screen', async ({ page, request }) => {
  expect(ROUTES.length).toBeGreaterThan(30);
  const violations = await watchViolations(page);

  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  await ready(page);
  await registerThroughUi(page, newUsername('csp'));

  const hall = (await (await request.post('/api/Lottery/index', { data: {} })).json()) as { data: { gameList: { id: number; planList: { id: number }[] }[] } };
  const game = hall.data.gameList.find((g) => g.id === 7)!;
  QUERIES['/betRoom'] = `?id=${game.planList[0]!.id}&game_id=7&name=US&title=Beginner`;

  for (const route of ROUTES) {
    const url = route + (QUERIES[route] ?? '');
    await page.goto(url);
    await ready(page);
    await expect(page.locator('#root').first(), url).not.toBeEmpty();
    expect((await page.locator('#root').innerText()).trim().length, url).toBeGreaterThan(0);
    // Let the screen's lazy chunks, styles, images and first API calls land.
    await page.waitForTimeout(300);
    expect(await violations(), url).toEqual([]);
  }

  // The policy is enforced, not only sent: an injected inline script is refused (and reported).
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.appendChild(s);
    await new Promise((r) => setTimeout(r, 50));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(async () => (await violations()).some((v) => v.startsWith('script-src'))).toBe(true);
});

test('no other page can frame the app', async ({ page, baseURL }) => {
  // A page of another origin (about:blank) frames the app: the browser must refuse to render it.
  await page.setContent(`<iframe id="f" src="${baseURL}/" width="300" height="300"></iframe>`);
  await page.waitForTimeout(1_500);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  const rendered = await frame!.evaluate(() => document.querySelector('#root') !== null).catch(() => false);
  expect(rendered).toBe(false);
});
