/**
 * The last spec items (issue 23): the trend chart's combination column, customer service from the
 * login screen while logged out, and /changeline marking the line measured fastest.
 */
import { expect, test, type Page } from '@playwright/test';
import { newMember, openAs } from './members';
import { operatorToken } from './operator';

/** The combination of a total as docs/product.md#constants-and-game-rules names it: big (14–27) or small, with odd or even; the bet-class ids. */
const comboOf = (total: number) => (total > 13 ? (total % 2 === 1 ? '11' : '13') : total % 2 === 1 ? '12' : '14');
const COMBO_TEXT: Record<string, string> = { '11': '大單', '12': '小單', '13': '大雙', '14': '小雙' };

test('the trend chart shows each draw’s combination (big-odd, small-odd, big-even, small-even)', async ({ page, request }) => {
  const member = await newMember(request, 'tr');
  await openAs(page, member, 'zh-TW', '/trendChart?game_id=7');
  const table = page.getByTestId('trend-table');
  // Rounds last 30 s in this suite: wait for the first draws.
  await expect(async () => {
    await page.reload();
    await expect(table).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 75_000 });
  await expect(table.locator('thead th').last()).toHaveText('組合');
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const result = (await row.locator('.trend-result').textContent())!;
    const total = Number(result.split('=')[1]);
    const cell = row.getByTestId('trend-combo');
    await expect(cell).toHaveAttribute('data-combo', comboOf(total));
    await expect(cell).toHaveText(COMBO_TEXT[comboOf(total)]!);
  }
});

const CHAT_URL = 'https://chat.example.test/widget?site=lucky28';

/** Sets the operator's customer-service chat address (blank: none), keeping the other settings. */
async function setSupportUrl(request: Parameters<typeof operatorToken>[0], url: string) {
  const token = await operatorToken(request);
  const current = (await (await request.post('/api/admin/settingsGet', { headers: { token }, data: {} })).json()).data;
  const { support_url_env: _env, ...settings } = current;
  const res = await (await request.post('/api/admin/settingsUpdate', { headers: { token }, data: { ...settings, support_url: url } })).json();
  expect(res.code, JSON.stringify(res)).toBe(1);
}

test('a logged-out visitor reaches customer service from the login screen (the forgot-password dialog and the button)', async ({ page, context, request }) => {
  await setSupportUrl(request, CHAT_URL);
  try {
    await context.route('https://chat.example.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>chat</title><p>chat</p>' }));
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('lucky28.language', JSON.stringify('zh-TW')));
    await page.goto('/login');
    await expect(page.getByTestId('splash')).toHaveCount(0);
    // The forgot-password text sends the visitor to customer service, and the dialog opens it.
    await page.getByRole('button', { name: '忘記密碼？' }).click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('客服');
    const [chat] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: '線上客服' }).click()]);
    await expect.poll(() => chat.url()).toBe(CHAT_URL);
    // No session, so no hand-off code and no token travel with it.
    expect(chat.url()).not.toContain('code=');
    await chat.close();
    // The floating button works on the login screen too.
    const [again] = await Promise.all([context.waitForEvent('page'), page.getByTestId('support-bubble').click()]);
    await expect.poll(() => again.url()).toBe(CHAT_URL);
    await again.close();
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await setSupportUrl(request, '');
  }
});

test.describe('change line', () => {
  // The second line is another origin; the CSP that lets the app call the operator's lines is built
  // from API_LINES (tested in apps/server/test/http/lines.test.ts), which this suite's server does not set.
  test.use({ bypassCSP: true });

  async function lines(page: Page) {
    await page.goto('/changeline');
    const items = page.getByTestId('line');
    await expect(items.first().getByTestId('line-latency')).toHaveText(/^\d+ 毫秒$/, { timeout: 15_000 });
    return items;
  }

  test('one line configured: one line shown, measured, nothing marked fastest', async ({ page, request }) => {
    const member = await newMember(request, 'ln');
    await openAs(page, member, 'zh-TW', '/setting?type=1');
    const items = await lines(page);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toHaveAttribute('data-origin', new URL(page.url()).origin);
    await expect(items.first()).toHaveAttribute('data-fastest', 'false');
    await expect(page.getByText('最快')).toHaveCount(0);
  });

  test('two lines: each measured from the device, the fastest measured one marked, and choosing it is kept', async ({ page, request }) => {
    const member = await newMember(request, 'ln');
    await openAs(page, member, 'zh-TW', '/setting?type=1');
    const own = new URL(page.url()).origin;
    const slow = own.replace('localhost', '127.0.0.1');
    // The operator's two lines (as siteConfig lists API_LINES): this server, and the same server by another name, made slow.
    await page.route('**/api/common/siteConfig', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, lines: [slow, own] } } });
    });
    await page.route(`${slow}/healthz`, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fulfill({ json: { status: 'ok' }, headers: { 'access-control-allow-origin': own } });
    });
    const items = await lines(page);
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByTestId('line-latency')).toHaveText(/^\d+ 毫秒$/);
    const slowMs = Number((await items.nth(0).getByTestId('line-latency').textContent())!.split(' ')[0]);
    const ownMs = Number((await items.nth(1).getByTestId('line-latency').textContent())!.split(' ')[0]);
    expect(slowMs).toBeGreaterThanOrEqual(600);
    expect(ownMs).toBeLessThan(slowMs);
    await expect(items.nth(1)).toHaveAttribute('data-fastest', 'true');
    await expect(items.nth(0)).toHaveAttribute('data-fastest', 'false');
    await expect(items.nth(1)).toContainText('最快');
    await items.nth(1).click();
    await expect(page.getByText('已切換到線路2')).toBeVisible();
    await expect(page).toHaveURL(/\/setting\?type=1$/);
    // This page's own origin is stored as "no other line".
    expect(await page.evaluate(() => localStorage.getItem('lucky28.line'))).toBe('""');
  });
});
