import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SECURITY_CODE, fund, newMember, openAs, placeBet, readyToWithdraw, type Member } from './members';
import { operatorToken } from './operator';
import { PASSWORD, newUsername, ready } from './ui';

/** Nothing on screen a player or operator could mistrust: error pages, receipts from the server, offline, the withdraw state. */

const LANGS = ['zh-CN', 'zh-TW', 'en', 'vi'] as const;
const shots = () => path.join(test.info().project.outputDir, 'screenshots');

async function beginnerRoom(request: APIRequestContext, gameId = 7): Promise<number> {
  const hall = (await (await request.post('/api/Lottery/index', { data: { game_id: gameId } })).json()).data as {
    gameList: { planList: { id: number; type: number }[] }[];
  };
  return hall.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

async function ordersOf(request: APIRequestContext, member: Member, issue?: string) {
  const res = await (await request.post('/api/user/orderList', { headers: { token: member.token }, data: issue ? { issue } : {} })).json();
  return res.data as { orderNo: string; status: number; whether_hit: number | null; profit: string | null; lottery_code: string }[];
}

/** The error page's code (and its texts) arrive a moment after start; offline tests wait for them like a player who has been in the app a while. */
async function errorPageAtHand(page: Page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/RouteError-[\w-]+\.js$/.test(r.name)))).toBe(true);
}

/** Opens the app as `member` in a page that may hold another player's session (kept per tab). */
async function switchTo(page: Page, member: Member, lang: string, to: string) {
  await page.goto('/login');
  await page.evaluate(() => sessionStorage.clear());
  await openAs(page, member, lang, to);
}

/** Counts full page loads from now on. */
function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

// ---- 1. No developer error page ---------------------------------------------------------------

test.describe('player app: a screen whose code cannot load', () => {
  test('offline: an offline notice, Retry once back online lands on the screen; the offline line meanwhile', async ({ page, context, request }) => {
    const member = await newMember(request, 'off');
    await openAs(page, member, 'en', '/');
    await errorPageAtHand(page);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toHaveText('Offline — nothing is sent until you reconnect');
    // The hall's code was never fetched: tapping its tab needs the network.
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    const error = page.getByTestId('route-error');
    await expect(error).toHaveAttribute('data-trouble', 'offline');
    await expect(error).toContainText('You are offline');
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await expect(page.getByText('Hey developer')).toHaveCount(0);
    await expect(page.getByTestId('route-error-retry')).toBeDisabled();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await page.getByTestId('route-error-retry').click();
    await expect(page).toHaveURL(/\/lottery$/);
    await expect(page.getByTestId('hall-room').first()).toBeVisible();
  });

  test('a chunk gone after a release: "new version", one reload to the same screen, no loop; Reload works once it is back', async ({ page, request }) => {
    const member = await newMember(request, 'chk');
    await openAs(page, member, 'en', '/');
    const loads = countLoads(page);
    // As after a deploy: the old build's file for the hall no longer exists.
    await page.route(/\/assets\/LotteryHallScreen-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    const error = page.getByTestId('route-error');
    await expect(error).toHaveAttribute('data-trouble', 'update');
    await expect(error).toContainText('A new version is available');
    // It reloaded once by itself, at the same address, and then stopped.
    await expect.poll(loads).toBe(1);
    await expect(page).toHaveURL(/\/lottery$/);
    await expect(error).toHaveAttribute('data-trouble', 'update');
    await page.waitForTimeout(1500);
    expect(loads()).toBe(1);
    await expect(page.getByText('Hey developer')).toHaveCount(0);
    // The new build's file is there: Reload opens the screen.
    await page.unroute(/\/assets\/LotteryHallScreen-[\w-]+\.js$/);
    await page.getByTestId('route-error-retry').click();
    await expect(page.getByTestId('hall-room').first()).toBeVisible();
    await expect(page).toHaveURL(/\/lottery$/);
  });

  test('anything else: a translated apology with Retry and an id to quote', async ({ page, request }) => {
    const member = await newMember(request, 'err');
    await openAs(page, member, 'vi', '/');
    await page.route(/\/assets\/LotteryHallScreen-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken screen")' }),
    );
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    const error = page.getByTestId('route-error');
    await expect(error).toHaveAttribute('data-trouble', 'error');
    await expect(error).toContainText('Xin lỗi, màn hình này bị lỗi');
    await expect(page.getByTestId('route-error-retry')).toHaveText('Thử lại');
    await expect(page.getByText('broken screen')).toHaveCount(0);
    // No call failed: an id made on the device, labelled so (support knows no server log line has it).
    const id = page.getByTestId('route-error-request-id');
    await expect(id).toHaveAttribute('data-from-server', 'false');
    await expect(id).toContainText('Mã sự cố (trên máy này):');
    await expect(page.getByTestId('route-error-id')).toHaveText(/^C-[0-9A-Z]+-[0-9A-Z]{4}$/);
  });

  test("anything else after a call the server refused: that answer's x-request-id", async ({ page, request }) => {
    const member = await newMember(request, 'eri');
    await page.goto('/login');
    await ready(page);
    await page.evaluate(() => localStorage.setItem('lucky28.language', JSON.stringify('en')));
    await page.goto('/login');
    await ready(page);
    // The server refuses a sign-in with a wrong password and answers with its request id.
    await page.locator('input[name=username]').fill(member.username);
    await page.locator('input[name=password]').fill('not-the-password-1');
    const refused = page.waitForResponse((r) => r.url().includes('/api/user/login'));
    await page.locator('button.btn-primary').click();
    const answer = await refused;
    expect((await answer.json()).code).not.toBe(1);
    const requestId = answer.headers()['x-request-id'];
    expect(requestId).toBeTruthy();
    // Signed in right the second time, in the same page (no reload: the client still holds that id), a screen breaks.
    await page.route(/\/assets\/LotteryHallScreen-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken screen")' }),
    );
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('button.btn-primary').click();
    await expect(page).toHaveURL(/\/$/);
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    await expect(page.getByTestId('route-error')).toHaveAttribute('data-trouble', 'error');
    await expect(page.getByTestId('route-error-request-id')).toHaveAttribute('data-from-server', 'true');
    await expect(page.getByTestId('route-error-request-id')).toContainText('Request id:');
    await expect(page.getByTestId('route-error-id')).toHaveText(requestId!);
  });
});

test.describe('console: a page whose code cannot load', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  async function openConsole(page: Page, request: APIRequestContext) {
    const token = await operatorToken(request);
    await page.goto('/admin/login');
    await page.evaluate((t) => {
      sessionStorage.setItem('lucky28.console.token', t);
      localStorage.setItem('lucky28.console.lang', 'en');
    }, token);
    await page.goto('/admin/queues/deposits');
    await expect(page.getByTestId('operator-menu')).toBeVisible();
  }

  test('offline: an offline notice; Retry once back online opens the page', async ({ page, context, request }) => {
    await openConsole(page, request);
    await context.setOffline(true);
    await page.getByRole('menuitem', { name: 'Money dashboard' }).click();
    const error = page.getByTestId('route-error');
    await expect(error).toHaveAttribute('data-trouble', 'offline');
    await expect(error).toContainText('You are offline');
    await expect(page.getByText('Hey developer')).toHaveCount(0);
    // The shell stays around the failed page.
    await expect(page.getByTestId('operator-menu')).toBeVisible();
    await context.setOffline(false);
    await page.getByTestId('route-error-retry').click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page.getByTestId('operator-menu')).toBeVisible();
  });

  test('a chunk gone after a release: "new version", one reload, no loop', async ({ page, request }) => {
    await openConsole(page, request);
    const loads = countLoads(page);
    await page.route(/\/admin\/assets\/DashboardPage-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.getByRole('menuitem', { name: 'Money dashboard' }).click();
    const error = page.getByTestId('route-error');
    await expect(error).toHaveAttribute('data-trouble', 'update');
    await expect(error).toContainText('A new version is available');
    await expect.poll(loads).toBe(1);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.waitForTimeout(1500);
    expect(loads()).toBe(1);
    await page.unroute(/\/admin\/assets\/DashboardPage-[\w-]+\.js$/);
    await page.getByTestId('route-error-retry').click();
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

// ---- 2. Receipts come from the server ---------------------------------------------------------

test('bet detail: read from the server by order number, followed live to its result; an edited link or another player’s order shows nothing false', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const member = await newMember(request, 'rc');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  const { issue } = await placeBet(request, member, { planId, gameId: 7, playType: '1', money: '10' });
  const [order] = await ordersOf(request, member, issue);
  expect(order!.status).toBe(0);

  await test.step('the history row opens the detail with the order number only', async () => {
    await openAs(page, member, 'en', '/betRecord');
    await page.locator(`[data-testid=order-row][data-issue="${issue}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/betDetail\\?orderNo=${order!.orderNo}$`));
    await expect(page.getByTestId('bet-detail')).toHaveAttribute('data-order-no', order!.orderNo);
  });

  await test.step('pending, then settled by itself when the round draws', async () => {
    await expect(page.getByTestId('open-result-pending')).toHaveText('Not drawn yet');
    await expect(page.getByTestId('detail-profit')).toHaveText('----');
    await expect(page.getByTestId('bet-detail')).not.toHaveAttribute('data-outcome', 'pending', { timeout: 60_000 });
    const [settled] = await ordersOf(request, member, issue);
    expect(settled!.status).toBe(1);
    const [d1, d2, d3, total] = settled!.lottery_code.split(/\s+/);
    await expect(page.getByTestId('open-result')).toHaveText(`${d1}+${d2}+${d3}=${total}`);
    await expect(page.getByTestId('detail-profit')).toHaveText(`${settled!.profit} u`);
    await expect(page.getByTestId('bet-detail')).toHaveAttribute('data-outcome', settled!.whether_hit === 1 ? 'win' : 'lose');
    // And after a reload, the same.
    await page.reload();
    await expect(page.getByTestId('open-result')).toHaveText(`${d1}+${d2}+${d3}=${total}`);
  });

  await test.step('an edited link (the old ?item= receipt) opens the order it names as the server has it: no made-up result', async () => {
    const fake = { orderNo: order!.orderNo, quantity: '10.00', status: 1, whether_hit: 1, profit: '88888.00', createtime: 1, lottery_code: '9 9 9 27' };
    await page.goto(`/betDetail?item=${encodeURIComponent(JSON.stringify(fake))}`);
    await expect(page.getByTestId('bet-detail')).toHaveAttribute('data-order-no', order!.orderNo);
    await expect(page.getByTestId('open-result')).not.toHaveText('9+9+9=27');
    await expect(page.getByText('88888')).toHaveCount(0);
  });

  await test.step('a link naming no order, or a broken receipt: says why and goes back to the history', async () => {
    for (const [link, text] of [
      ['/betDetail', 'Parameter error'],
      ['/betDetail?item=%7Bbroken', 'Data format error'],
    ]) {
      await page.goto(link!);
      await expect(page.getByText(text!)).toBeVisible();
      await expect(page).toHaveURL(/\/betRecord$/);
    }
  });

  await test.step("another player's order number: jump failed, not found", async () => {
    const other = await newMember(request, 'rx');
    const context = await browser.newContext();
    const otherPage = await context.newPage();
    await openAs(otherPage, other, 'en', `/betDetail?orderNo=${order!.orderNo}`);
    const failed = otherPage.getByTestId('bet-detail-failed');
    await expect(failed).toContainText('Jump failed: this bet could not be opened');
    await expect(failed).toContainText('Order not found');
    await expect(otherPage.getByTestId('bet-detail')).toHaveCount(0);
    await context.close();
  });
});

// ---- 5. Offline and slow ----------------------------------------------------------------------

test('a bet tapped offline says so at once and is never placed later', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const member = await newMember(request, 'ob');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  await openAs(page, member, 'en', `/betRoom?id=${planId}&game_id=7`);
  const countdown = page.getByTestId('room-countdown');
  await expect(countdown).toHaveAttribute('data-phase', 'open', { timeout: 40_000 });
  await page.getByTestId('open-bet-panel').click();
  await page.getByTestId('bet-class-1').click();
  await page.locator('.bp-chip', { hasText: /^10$/ }).click();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByTestId('bet-submit').click();
  await page.getByTestId('bet-confirm').click();
  await expect(page.locator('.adm-toast-main')).toHaveText('Offline: the bet was not placed. Place it again once you are back online.');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // The old behaviour placed it ~9 s after reconnecting: wait longer than that.
  await page.waitForTimeout(12_000);
  expect(await ordersOf(request, member)).toHaveLength(0);
});

test('a double tap on Register creates the account and shows it, not "username taken"', async ({ page }) => {
  const username = newUsername('dt');
  await page.goto('/register');
  await ready(page);
  await page.locator('input[name=username]').fill(username);
  const passwords = page.locator('input[type=password]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  // Two taps in the same frame, before the first answer can disable the button.
  await page.locator('button.btn-primary').evaluate((b: HTMLElement) => {
    b.click();
    b.click();
  });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/taken|已被|已存在|đã tồn tại|đã được/)).toHaveCount(0);
  await page.goto('/personal');
  await expect(page.getByTestId('personal-username')).toContainText(username);
});

// ---- 7. The withdraw screen's whole state -----------------------------------------------------

test('withdraw: the prerequisites as a checklist with links, the pending withdrawal with its status and a cancel', async ({ page, request }) => {
  await test.step('a new member: three open items, each linking to the screen that sets it', async () => {
    const fresh = await newMember(request, 'wn');
    await openAs(page, fresh, 'en', '/withdraw');
    const list = page.getByTestId('withdraw-checklist');
    await expect(list).toHaveAttribute('data-ready', 'false');
    for (const key of ['idcard', 'account', 'code']) await expect(page.getByTestId(`withdraw-check-${key}`)).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('withdraw-fix-idcard')).toHaveAttribute('href', '/baseinfo');
    await expect(page.getByTestId('withdraw-fix-account')).toHaveAttribute('href', '/bankCardManage?type=0');
    await expect(page.getByTestId('withdraw-fix-code')).toHaveAttribute('href', '/setSecurityCode?isTrue');
    await page.getByTestId('withdraw-fix-idcard').click();
    await expect(page).toHaveURL(/\/baseinfo$/);
  });

  await test.step('a member with all three and a withdrawal awaiting review: ticked, shown, cancelled, money back', async () => {
    const member = await readyToWithdraw(request, '300');
    const sent = await (
      await request.post('/api/user/withdrawAction', { headers: { token: member.token }, data: { type: 0, money: '120', securityCode: SECURITY_CODE } })
    ).json();
    expect(sent.code, JSON.stringify(sent)).toBe(1);
    await switchTo(page, member, 'en', '/withdraw');
    await expect(page.getByTestId('withdraw-checklist')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('withdraw-money')).toHaveText(/180\.00/);
    const pending = page.getByTestId('withdraw-pending');
    await expect(pending.getByTestId('withdraw-pending-money')).toHaveText('120.00 u');
    await expect(pending.getByTestId('withdraw-pending-status')).toHaveText('Awaiting review');
    await page.getByTestId('withdraw-cancel').click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('Cancel this withdrawal?');
    await expect(dialog).toContainText('120.00 u goes back to your balance');
    await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect(page.locator('.adm-toast-main')).toHaveText('The withdrawal was cancelled and the amount returned to your balance');
    await expect(page.getByTestId('withdraw-pending')).toHaveCount(0);
    await expect(page.getByTestId('withdraw-money')).toHaveText(/300\.00/);
    const info = await (await request.post('/api/user/withdrawInfo', { headers: { token: member.token }, data: {} })).json();
    expect(info.data).toMatchObject({ money: '300.00', pending: null });
  });
});

// ---- 10. Screenshots --------------------------------------------------------------------------

test('screenshots: withdraw checklist and pending, bet detail, offline line and error pages in the four languages', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const member = await readyToWithdraw(request, '300');
  const planId = await beginnerRoom(request);
  await placeBet(request, member, { planId, gameId: 7, playType: '1', money: '10' });
  const [order] = await ordersOf(request, member);
  const sent = await (
    await request.post('/api/user/withdrawAction', { headers: { token: member.token }, data: { type: 0, money: '120', securityCode: SECURITY_CODE } })
  ).json();
  expect(sent.code, JSON.stringify(sent)).toBe(1);
  const fresh = await newMember(request, 'sn');
  const shot = (name: string) => page.screenshot({ path: path.join(shots(), `${name}.png`) });

  for (const lang of LANGS) {
    await switchTo(page, member, lang, '/withdraw');
    await expect(page.getByTestId('withdraw-pending')).toBeVisible();
    await page.waitForTimeout(300);
    await shot(`withdraw-state-${lang}`);

    await page.goto(`/betDetail?orderNo=${order!.orderNo}`);
    await expect(page.getByTestId('bet-detail')).toBeVisible();
    await page.waitForTimeout(300);
    await shot(`bet-detail-${lang}`);

    await page.goto('/');
    await ready(page);
    await errorPageAtHand(page);
    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await shot(`offline-banner-${lang}`);
    await page.locator('.app-tabbar .adm-tab-bar-item').nth(1).click();
    await expect(page.getByTestId('route-error')).toHaveAttribute('data-trouble', 'offline');
    await shot(`error-offline-${lang}`);
    await context.setOffline(false);

    await page.route(/\/assets\/LotteryHallScreen-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/lottery');
    await expect(page.getByTestId('route-error')).toHaveAttribute('data-trouble', 'update');
    await page.waitForTimeout(1500);
    await shot(`error-update-${lang}`);
    await page.route(/\/assets\/LotteryHallScreen-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("x")' }),
    );
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/lottery');
    await expect(page.getByTestId('route-error')).toHaveAttribute('data-trouble', 'error');
    await shot(`error-other-${lang}`);
    await page.unroute(/\/assets\/LotteryHallScreen-[\w-]+\.js$/);

    await switchTo(page, fresh, lang, '/withdraw');
    await expect(page.getByTestId('withdraw-checklist')).toHaveAttribute('data-ready', 'false');
    await page.waitForTimeout(300);
    await shot(`withdraw-checklist-${lang}`);
  }
});
