import { expect, test } from '@playwright/test';
import { PASSWORD, newUsername, playAsGuest, ready, registerThroughUi, typeCode } from './ui';

const CARD_NUMBER = '6222020200112233';

test('a new user registers, logs in, sets a security code, binds a card, switches to English and logs out', async ({ page }, testInfo) => {
  const username = newUsername('e2e');

  await test.step('home offers a login button to a visitor', async () => {
    await page.goto('/');
    await ready(page);
    await expect(page.getByRole('button', { name: '登入' })).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
  });

  await test.step('register (invite code prefilled from ?inviter_id is optional)', async () => {
    await registerThroughUi(page, username);
    await expect(page.locator('.home-balance-value')).toContainText('0.00');
  });

  await test.step('log out, then log in with the new account', async () => {
    await page.goto('/setting?type=1');
    await page.getByRole('button', { name: '登出' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '登出' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByPlaceholder('請輸入用戶名').fill(username);
    await page.getByPlaceholder('請輸入密碼').fill(PASSWORD);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
    // "Remember me" (on by default) keeps the username and a 14-day session token, never the password.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).toContain(username);
    expect(stored).not.toContain(PASSWORD);
  });

  await test.step('set a security code: typed twice, it submits by itself at the 6th digit', async () => {
    await page.goto('/personal');
    await page.getByRole('button', { name: '設定' }).click();
    await expect(page).toHaveURL(/\/setting\?type=1$/);
    await page.goto('/setting?type=2');
    await page.getByTestId('setting-code').click();
    await expect(page.getByTestId('code-step')).toHaveText('請設定 6 位數字安全碼');
    await typeCode(page, '246810');
    await expect(page.getByTestId('code-step')).toHaveText('請再次輸入新的安全碼');
    await typeCode(page, '246810');
    await expect(page.getByText('設定成功')).toBeVisible();
    await expect(page).toHaveURL(/\/setting\?type=2$/);
    await expect(page.getByTestId('setting-code')).toContainText('已設定');
  });

  await test.step('changing it asks for the current code first', async () => {
    await page.getByTestId('setting-code').click();
    await expect(page.getByTestId('code-step')).toHaveText('請輸入目前安全碼');
    await typeCode(page, '111111');
    await expect(page.getByTestId('code-step')).toHaveText('請輸入新的 6 位安全碼');
    await typeCode(page, '222222');
    await expect(page.getByTestId('code-step')).toHaveText('請再次輸入新的安全碼');
    await typeCode(page, '222222');
    await expect(page.getByText('原安全碼錯誤')).toBeVisible();
    await expect(page.getByTestId('code-step')).toHaveText('請輸入目前安全碼');
  });

  await test.step('bind a bank card and see it masked', async () => {
    await page.goto('/bankCardManage?type=0');
    await page.getByTestId('add-pay-account').click();
    await expect(page).toHaveURL(/\/addBankCard$/);
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('請輸入持卡人')).toBeVisible();
    await page.getByPlaceholder('請輸入持卡人姓名').fill('王小明');
    await page.getByPlaceholder('請輸入銀行卡號').fill(CARD_NUMBER);
    await page.getByPlaceholder('請輸入銀行名稱').fill('Lucky Bank');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/\/bankCardManage\?type=0$/);
    await expect(page.getByTestId('card-number')).toHaveText('**** **** **** 2233');
    await expect(page.getByTestId('card-holder')).toHaveText('王**');
    await expect(page.getByTestId('bound-card')).toContainText('Lucky Bank');
    await expect(page.getByText(CARD_NUMBER)).toHaveCount(0);
  });

  await test.step('the personal page (screenshot saved with the test results)', async () => {
    await page.goto('/personal');
    await ready(page);
    await expect(page.getByTestId('personal-username')).toHaveText(username);
    await expect(page.getByTestId('verify-badge')).toHaveText('未認證');
    await expect(page.locator('.asset-main')).toContainText('0.00');
    await page.screenshot({ path: testInfo.outputPath('personal.png') });
  });

  await test.step('switch to English and see English', async () => {
    await page.goto('/language');
    await page.getByTestId('language-en').click();
    await expect(page.locator('.page-nav')).toContainText('Language');
    await page.goto('/personal');
    await expect(page.getByText('Total assets')).toBeVisible();
    await expect(page.getByText('Account info')).toBeVisible();
    await page.goto('/setting?type=1');
    await expect(page.getByTestId('setting-language')).toContainText('English');
    await page.screenshot({ path: testInfo.outputPath('settings-en.png') });
  });

  await test.step('log out', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('lucky28.session') ?? localStorage.getItem('lucky28.rememberedSession'));
    expect(token).toBeNull();
  });

  await test.step('a guarded route now redirects to /login', async () => {
    await page.goto('/personal');
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  });
});

test('a guarded route without a session shows a loading notice, then /login', async ({ page }) => {
  await page.goto('/bankCardManage?type=0');
  await expect(page.locator('.adm-toast-main')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await ready(page);
  await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
});

/** Every route of docs/product.md#the-route-table-and-its-guard (login required), some spelt with capitals as the spec links them. */
const GUARDED_ROUTES = [
  '/personal',
  '/setting?type=1',
  '/changeline',
  '/about',
  '/system',
  '/baseinfo',
  '/defaultAvatar',
  '/bankCardManage?type=1',
  '/addBankCard',
  '/addVirtualWallet',
  '/changePassword',
  '/actionCenter',
  '/shareFriend',
  '/notice',
  '/BetRecord',
  '/CapitalDetail',
  '/Withdraw',
  '/Recharge',
  '/find',
  '/lottery',
  '/lotteryDetail?game_id=7',
  '/LotteryExplain',
  '/GameIntroduction',
  '/GameRules',
  '/GamePromotion',
  '/trendChart?game_id=7',
  '/moreNews',
  '/realNameAuth',
  '/room',
];

test('every route of the spec renders its screen (none is "coming soon" any more), case-insensitively', async ({ page }) => {
  await playAsGuest(page);
  for (const route of ['/', '/language', '/setSecurityCode', ...GUARDED_ROUTES]) {
    await page.goto(route);
    await ready(page);
    const path = route.split('?')[0]!.toLowerCase();
    await expect(page, route).toHaveURL((url) => url.pathname.toLowerCase() === path);
    await expect(page.getByTestId('not-found'), route).toHaveCount(0);
    // Something real is on screen: a header bar or the home page, with text in it.
    await expect(page.locator('.page').first(), route).toBeVisible();
    expect((await page.locator('#root').innerText()).trim().length, route).toBeGreaterThan(0);
    await expect(page.getByTestId('coming-soon'), route).toHaveCount(0);
  }
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toContainText('頁面不存在');
});

test('a session the server no longer accepts (HTTP 401) is cleared and leads to /login', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.evaluate(() =>
    sessionStorage.setItem(
      'lucky28.session',
      JSON.stringify({ token: 'revoked-or-made-up', userId: 1, username: 'x', balance: null, groupId: 1, idcard: null, remember: false }),
    ),
  );
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('lucky28.session'))).toBeNull();
});
