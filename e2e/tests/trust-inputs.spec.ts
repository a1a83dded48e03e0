import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPERATOR_PASSWORD } from '../playwright.config';
import { fund, newMember, openAs, PNG } from './members';
import { enrolledSecret, enrolmentCode, freshCode } from './operator';
import { ready } from './ui';

/**
 * Nothing a player could mistrust (issue 27): the 13/14 rule shown where it matters, input refused
 * rather than rewritten, one time zone everywhere, back closing the bet sheet, the sheet's button in
 * view on a small phone. Screenshots of the changed screens in the four languages.
 */

const LANGS = ['zh-CN', 'zh-TW', 'en', 'vi'] as const;
const SERVER_ZONE = 'Asia/Shanghai';
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', `${name}.png`) });

async function apiCall(request: APIRequestContext, url: string, data: Record<string, unknown>, token?: string) {
  return (await (await request.post(url, { data, headers: token ? { token } : {} })).json()) as { code: number; msg: string; data: any };
}

async function beginnerRoom(request: APIRequestContext, gameId = 7): Promise<number> {
  const hall = (await apiCall(request, '/api/Lottery/index', { game_id: gameId })).data as { gameList: { planList: { id: number; type: number }[] }[] };
  return hall.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

/** Waits in the room until betting is open with at least `seconds` before it closes (rounds are 30 s here). */
async function untilOpen(page: Page, seconds = 10) {
  const countdown = page.getByTestId('room-countdown');
  await expect
    .poll(async () => ((await countdown.getAttribute('data-phase')) === 'open' ? Number((await countdown.textContent())!.split(':')[1]) : 0), {
      timeout: 45_000,
    })
    .toBeGreaterThanOrEqual(seconds);
}

test('the bet sheet shows the 13/14 odds by their class; at 320×568 Place bet is in view; back closes the sheet, not the room', async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = await newMember(request, 'bs');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  await page.setViewportSize({ width: 320, height: 568 });
  const room = `/betRoom?id=${planId}&game_id=7`;
  await openAs(page, member, 'en', '/lottery');
  await page.goto(room);
  await untilOpen(page);
  await page.getByTestId('open-bet-panel').click();
  await expect(page.getByTestId('bet-class-3')).toBeVisible();
  // Odd at 2.00 pays 1.60 on 13 or 14, small-odd its stake back; big-odd has no special odds.
  await expect(page.getByTestId('bet-special-3')).toHaveText('13·14: 1.60');
  await expect(page.getByTestId('bet-special-12')).toHaveText('13·14: 1.00');
  await expect(page.getByTestId('bet-special-11')).toHaveCount(0);
  await expect(page.getByTestId('bet-class-3')).toHaveAttribute('aria-label', 'Odd 2.00, 1.60 when the total is 13 or 14');
  await expect(page.getByText('13·14: the odds paid instead when the total is 13 or 14')).toBeVisible();
  // Without scrolling the sheet, Place bet is on the screen and nothing covers it.
  const submit = page.getByTestId('bet-submit');
  await expect(submit).toBeInViewport({ ratio: 1 });
  // Once the sheet has finished sliding in (it takes no taps while it moves), nothing covers the button.
  await expect
    .poll(() => submit.evaluate((el) => el.contains(document.elementFromPoint(el.getBoundingClientRect().x + 10, el.getBoundingClientRect().y + 10))))
    .toBe(true);
  await expect(page.locator('.bp-scroll')).toHaveJSProperty('scrollTop', 0);

  // A custom stake of -10 stays as typed, is refused with the field's message, and places nothing.
  await page.getByTestId('bet-class-3').click();
  await page.locator('.bp-chip', { hasText: 'Custom' }).click();
  await page.getByTestId('bet-amount').locator('input').fill('-10');
  await expect(page.getByTestId('bet-amount').locator('input')).toHaveValue('-10');
  await expect(page.getByTestId('bet-amount-error')).toHaveText('Please enter a valid amount');
  await submit.click();
  await expect(page.locator('.adm-toast-main')).toHaveText('Please enter a valid amount');
  expect((await apiCall(request, '/api/user/orderList', {}, member.token)).data).toEqual([]);

  // Back (the browser's, as Android's) closes the sheet and stays in the room; the next back leaves it.
  await page.goBack();
  await expect(page.locator('.bp')).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/betRoom\\?id=${planId}`));
  await expect(page.getByTestId('open-bet-panel').or(page.getByTestId('room-closed'))).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/lottery$/);
});

test('at 320×568 the bet sheet keeps picks across its tabs, lists every bet to confirm with the stake and total beside the button, and places them in one request', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const member = await newMember(request, 'bt');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  await page.setViewportSize({ width: 320, height: 568 });
  await openAs(page, member, 'en', `/betRoom?id=${planId}&game_id=7`);
  await untilOpen(page, 15);
  const orderRequests: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/Lottery/playOrder')) orderRequests.push(r.postDataJSON() as Record<string, unknown>);
  });
  /** The stake of each bet, the total and the button: on the screen, whole, whatever is scrolled. */
  const summaryInView = async (button: string) => {
    for (const id of ['bet-stake', 'bet-total', button]) await expect(page.getByTestId(id), id).toBeInViewport({ ratio: 1 });
  };

  await page.getByTestId('open-bet-panel').click();
  await page.getByTestId('bet-class-1').click();
  await page.getByTestId('bet-class-3').click();
  await page.locator('.bp-tabs .adm-tabs-tab').nth(1).click();
  await page.getByTestId('bet-class-113').click();
  // The classic picks are kept while the sum tab is shown, and counted on their tab.
  await expect(page.getByTestId('bet-tab-count-base')).toHaveText('2');
  await expect(page.getByTestId('bet-tab-count-num')).toHaveText('1');
  await expect(page.getByTestId('bet-count')).toHaveText('3');
  await expect(page.getByTestId('bet-stake')).toHaveText('10.00');
  await expect(page.getByTestId('bet-total')).toHaveText('30.00');
  await expect(page.getByTestId('bet-summary')).not.toContainText('Odds');
  await summaryInView('bet-submit');
  // Scrolled to the end of the 28 sums, the stake and total are still beside the button.
  await page.locator('.bp-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await summaryInView('bet-submit');
  await page.locator('.bp-tabs .adm-tabs-tab').first().click();
  await expect(page.getByTestId('bet-class-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bet-class-3')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('bet-submit').click();
  const review = page.getByTestId('bet-review');
  await expect(review).toContainText('Confirm 3 bets for round');
  // Each bet: class, odds, stake, what it pays — and on 13 or 14, where it pays otherwise, that too.
  await expect(page.getByTestId('bet-line-1')).toContainText('Big');
  await expect(page.getByTestId('bet-line-payout-1')).toHaveText('20.0013·14: 16.00');
  await expect(page.getByTestId('bet-line-payout-3')).toHaveText('20.0013·14: 16.00');
  await expect(page.getByTestId('bet-line-payout-113')).toHaveText('120.00');
  await summaryInView('bet-confirm');
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', 'bet-sheet-confirm-en.png') });
  expect(orderRequests).toHaveLength(0);

  await page.getByTestId('bet-confirm').click();
  await expect(page.locator('.adm-toast-main')).toHaveText('Bet placed');
  // One request as before: the classes of both tabs and the stake of each.
  expect(orderRequests).toHaveLength(1);
  expect(orderRequests[0]).toMatchObject({ plan_id: planId, game_id: 7, play_type: '1,3,113', money: '10.00' });
  const orders = (await apiCall(request, '/api/user/orderList', {}, member.token)).data as { play_type: number; quantity: string }[];
  expect(orders.map((o) => [o.play_type, o.quantity]).sort()).toEqual([
    [1, '10.00'],
    [113, '10.00'],
    [3, '10.00'],
  ]);
});

test('a settled bet shows the odds it was paid at in the history, and the 13/14 rule when it applied', async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = await newMember(request, 'ao');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  await openAs(page, member, 'en', `/betRoom?id=${planId}&game_id=7`);
  await untilOpen(page);
  // Big and small together: one of them always wins, at 2.00 or, on 13 or 14, at 1.60.
  await page.getByTestId('open-bet-panel').click();
  await page.getByTestId('bet-class-1').click();
  await page.getByTestId('bet-class-2').click();
  await page.getByTestId('bet-submit').click();
  await page.getByTestId('bet-confirm').click();
  await expect(page.locator('.adm-toast-main')).toHaveText('Bet placed');
  let orders: { play_type: number; status: number; applied_odds: string | null; lottery_code: string; orderNo: string }[] = [];
  await expect
    .poll(
      async () => {
        orders = (await apiCall(request, '/api/user/orderList', {}, member.token)).data;
        return orders.length === 2 && orders.every((o) => o.status === 1);
      },
      { timeout: 80_000 },
    )
    .toBe(true);
  const total = Number(orders[0]!.lottery_code.split(' ')[3]);
  const won = orders.find((o) => o.applied_odds !== null)!;
  expect(won.play_type).toBe(total >= 14 ? 1 : 2);
  const middle = total === 13 || total === 14;
  expect(won.applied_odds).toBe(middle ? '1.60' : '2.00');
  await page.goto('/betRecord');
  const row = page.locator(`[data-testid=order-row][data-order="${won.orderNo}"]`);
  await expect(row.getByTestId('order-applied-odds')).toHaveText(middle ? 'Paid at 1.60 · 13/14 rule' : 'Paid at 2.00');
  const lost = orders.find((o) => o !== won)!;
  await expect(page.locator(`[data-testid=order-row][data-order="${lost.orderNo}"]`).getByTestId('order-applied-odds')).toHaveCount(0);
  await row.click();
  await expect(page.getByTestId('detail-applied-odds')).toHaveText(
    middle ? `Paid at 1.60, not 2.00: the total was ${total}, and on 13 or 14 this bet pays 1.60 (the 13/14 rule).` : 'Paid at 2.00',
  );

  // The settled detail with the odds it was paid at, in the four languages (for review).
  for (const lang of LANGS) {
    await openAs(page, member, lang, `/betDetail?orderNo=${won.orderNo}`);
    await expect(page.getByTestId('detail-applied-odds')).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, `bet-detail-settled-odds-${lang}`);
  }
});

test('the once-only ID number is checked for its document and confirmed as it will be stored; a card number with letters is refused', async ({
  page,
  request,
}) => {
  const member = await newMember(request, 'id');
  const storedId = async () => (await apiCall(request, '/api/user/userInfo', {}, member.token)).data.idcard as string;
  await openAs(page, member, 'en', '/baseinfo');
  await page.getByRole('option', { name: 'Mainland ID' }).click();
  const input = page.getByTestId('baseinfo-idcard-input').locator('input');
  await input.fill('abc');
  await page.getByTestId('baseinfo-save').click();
  await expect(page.locator('.adm-toast-main')).toHaveText('A mainland ID number is 18 characters: 17 digits and a check digit (0–9 or X) that matches them');
  await expect(input).toHaveValue('abc');
  expect(await storedId()).toBe('');
  // A valid number: the confirmation shows exactly what will be stored (the check letter in capitals).
  await input.fill('11010519491231002x');
  await page.getByTestId('baseinfo-save').click();
  await expect(page.getByTestId('idcard-confirm-value')).toHaveText('11010519491231002X');
  await expect(page.getByTestId('idcard-confirm-type')).toHaveText('Mainland ID card');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('idcard-confirm-value')).toBeHidden();
  expect(await storedId()).toBe('');
  await page.getByTestId('baseinfo-save').click();
  await page.getByRole('button', { name: 'Save for good' }).click();
  await expect(page.getByTestId('baseinfo-idcard')).toBeVisible();
  expect(await storedId()).toBe('11010519491231002X');

  await page.goto('/addBankCard');
  await ready(page);
  await page.getByPlaceholder('Name on the card').fill('Ann Lee');
  await page.getByPlaceholder('Enter the card number').fill('6222abc0200112233');
  await page.getByPlaceholder('Enter the bank name').fill('ICBC');
  await expect(page.getByPlaceholder('Enter the card number')).toHaveValue('6222abc0200112233');
  await expect(page.getByTestId('card-number-error')).toHaveText('The card number must be 12–19 digits');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('The card number must be 12–19 digits');
  expect((await apiCall(request, '/api/user/payInfo', { type: 0 }, member.token)).data).toBeNull();
});

/** "2026-06-01 10:00 UTC+08:00" → its moment. */
const zonedMinute = (text: string) => {
  const m = /(\d{4}-\d\d-\d\d) (\d\d:\d\d) UTC([+-]\d\d:\d\d)/.exec(text);
  expect(m, text).toBeTruthy();
  return Date.parse(`${m![1]}T${m![2]}:00${m![3]}`);
};

test.describe('with the device in another time zone than the operator', () => {
  // 12 h behind UTC: 20 h behind Shanghai, so the device's clock and often its date differ from the operator's.
  test.use({ timezoneId: 'Etc/GMT+12' });

  test("messages are dated in the operator's zone and say so; the language toast is in the new language", async ({ page, request }) => {
    const member = await newMember(request, 'tz');
    await fund(request, member, '50');
    await openAs(page, member, 'en', '/notice');
    const time = page.getByTestId('notice-time').first();
    await expect(time).toContainText('UTC+08:00');
    // The approval's message was sent just now: its time, read in the zone it names, is now.
    expect(Math.abs(zonedMinute((await time.textContent())!) - Date.now())).toBeLessThan(5 * 60_000);
    const shanghaiNow = new Intl.DateTimeFormat('en-CA', { timeZone: SERVER_ZONE }).format(new Date());
    const deviceNow = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
    await expect(time).toContainText(shanghaiNow);
    if (deviceNow !== shanghaiNow) await expect(time).not.toContainText(deviceNow);

    await page.goto('/language');
    await ready(page);
    await page.getByTestId('language-vi').click();
    await expect(page.locator('.adm-toast-main')).toHaveText('Đã đổi ngôn ngữ');
    await page.getByTestId('language-zh-CN').click();
    await expect(page.locator('.adm-toast-main').last()).toHaveText('语言已切换');
  });

  test("the console shows the operator's zone, counts its today and default period in it, and flags a profile ID unlike the document", async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    // A player whose profile ID is not the one on the real-name document they then submit.
    const player = await newMember(request, 'rn');
    expect((await apiCall(request, '/api/user/profile', { idcard: '110101199003071233', id_type: 'cn' }, player.token)).code).toBe(1);
    const upload = async () =>
      (
        await (
          await request.post('/api/common/upload', {
            headers: { token: player.token },
            multipart: { type: 'idcard', file: { name: 'id.png', mimeType: 'image/png', buffer: PNG } },
          })
        ).json()
      ).data.url as string;
    const submitted = await apiCall(
      request,
      '/api/user/shiming',
      { truename: 'Li Si', idcard: '11010519491231002X', id_type: 'cn', idcard_zheng: await upload(), idcard_fan: await upload() },
      player.token,
    );
    expect(submitted.code, submitted.msg).toBe(1);

    const ctx = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      isMobile: false,
      hasTouch: false,
      locale: 'en-US',
      timezoneId: 'Etc/GMT+12',
    });
    const op = await ctx.newPage();
    await signInToConsole(op);
    await expect(op.getByTestId('console-zone')).toHaveText('Times in Asia/Shanghai (UTC+08:00)');
    const shanghaiToday = new Intl.DateTimeFormat('en-CA', { timeZone: SERVER_ZONE }).format(new Date());
    await op.goto('/admin/dashboard');
    await expect(op.getByTestId('money-today-date')).toHaveText(shanghaiToday);
    await expect(op.getByTestId('money-zone')).toContainText('Asia/Shanghai (UTC+08:00)');
    // The default period ends on the operator's today, not the browser's.
    await expect(op.locator('.ant-picker-range input').last()).toHaveValue(shanghaiToday);

    await op.goto('/admin/queues/realnames');
    const row = op.getByRole('row').filter({ hasText: player.username });
    await expect(row.getByTestId('realname-id-mismatch')).toHaveText('Differs from the document');

    // Both pages in the console's four languages (the language switch's choice, kept in localStorage), for review.
    for (const lang of LANGS) {
      await op.evaluate((l) => localStorage.setItem('lucky28.console.lang', l), lang);
      await op.goto('/admin/dashboard');
      await expect(op.locator('html')).toHaveAttribute('lang', lang);
      await expect(op.getByTestId('money-today-date')).toHaveText(shanghaiToday);
      await expect(op.getByTestId('money-zone')).toContainText('Asia/Shanghai (UTC+08:00)');
      await op.waitForTimeout(500);
      await shot(op, `console-money-${lang}`);
      await op.goto('/admin/queues/realnames');
      await expect(op.getByRole('row').filter({ hasText: player.username }).getByTestId('realname-id-mismatch')).toBeVisible();
      await op.waitForTimeout(300);
      await shot(op, `console-realname-${lang}`);
    }
    await ctx.close();
  });
});

test('the trend chart is sharp on a 2× screen: the candle chart draws at device pixels; /trendChart is a table of text', async ({
  playwright,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A browser whose screen really is 2× (Chromium's --force-device-scale-factor, as a 2× phone), not Playwright's
  // emulated deviceScaleFactor: under emulation ResizeObserver's device-pixel-content-box stays in CSS pixels
  // (microsoft/playwright#18591), and lightweight-charts sizes its canvases by it, so every chart would look 1×.
  const browser = await playwright.chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--force-device-scale-factor=2', '--window-size=390,844'],
  });
  // The suite's emulated phone (scale factor 2, touch) is left out: this window is the screen.
  const context = await browser.newContext({
    viewport: null,
    deviceScaleFactor: undefined,
    isMobile: undefined,
    hasTouch: undefined,
    baseURL,
    locale: 'en-US',
  });
  const page = await context.newPage();
  const member = await newMember(request, 'tc');
  await openAs(page, member, 'en', '/find');
  expect(await page.evaluate(() => devicePixelRatio)).toBe(2);
  // The chart needs one draw (rounds are 30 s here): reload until there is one.
  const chart = page.getByTestId('candle-chart');
  await expect(async () => {
    if (!(await chart.isVisible())) await page.reload();
    await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 75_000 });
  // Each canvas shown holds CSS size × devicePixelRatio pixels (lightweight-charts sizes them once laid out).
  await expect
    .poll(async () => {
      const canvases = await chart.locator('canvas').evaluateAll((list) =>
        (list as HTMLCanvasElement[])
          .map((c) => ({ width: c.width, height: c.height, css: c.getBoundingClientRect(), dpr: devicePixelRatio }))
          .filter((c) => c.css.width > 0 && c.css.height > 0)
          .map((c) => ({ width: c.width, height: c.height, cssWidth: c.css.width, cssHeight: c.css.height, dpr: c.dpr })),
      );
      return canvases.length > 0 && canvases.every((c) => Math.abs(c.width - c.cssWidth * c.dpr) <= 1 && Math.abs(c.height - c.cssHeight * c.dpr) <= 1)
        ? 'sharp'
        : JSON.stringify(canvases);
    })
    .toBe('sharp');
  await shot(page, 'find-candles-2x');

  await page.goto('/trendChart?game_id=7');
  const table = page.getByTestId('trend-table');
  await expect(table).toBeVisible();
  expect(await table.evaluate((el) => el.tagName)).toBe('TABLE');
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
  // Text, drawn by the browser at the screen's resolution: no canvas and no bitmap on the screen.
  await expect(page.locator('.draws canvas, .draws img[src$=".png"]')).toHaveCount(0);
  await shot(page, 'trend-table-2x');
  await browser.close();
});

/** The console's sign-in (enrolling the operator's TOTP the first time any spec signs in). */
async function signInToConsole(page: Page) {
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.setItem('lucky28.console.lang', 'en'));
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: /Sign in/ }).click();
  const enrol = page.getByTestId('totp-secret');
  const otp = page.getByLabel('Verification code');
  await expect(enrol.or(otp).first()).toBeVisible();
  if (await enrol.isVisible()) {
    const secret = (await enrol.textContent())!.trim();
    await page.getByLabel('Verification code').fill(enrolmentCode(secret));
    await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: /Enable/ }).click();
    await expect(page.getByTestId('operator-menu')).toBeVisible();
    return;
  }
  expect(enrolledSecret()).toBeTruthy();
  await otp.fill(await freshCode());
  await page.getByRole('button', { name: /Sign in/ }).click();
  await expect(page.getByTestId('operator-menu')).toBeVisible();
}

test('screenshots: the bet sheet with the 13/14 odds, the ID confirmation and a dated list, in the four languages', async ({ page, request }) => {
  test.setTimeout(240_000);
  const member = await newMember(request, 'ss');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  for (const lang of LANGS) {
    await openAs(page, member, lang, `/betRoom?id=${planId}&game_id=7`);
    await untilOpen(page, 4);
    await page.getByTestId('open-bet-panel').click();
    await expect(page.getByTestId('bet-special-3')).toBeVisible();
    await page.waitForTimeout(400);
    await shot(page, `bet-sheet-1314-${lang}`);

    await page.goto('/baseinfo');
    await ready(page);
    await page
      .getByTestId('baseinfo-idcard-input')
      .locator('input')
      .fill(lang === 'zh-TW' ? 'A123456789' : lang === 'zh-CN' ? '11010519491231002X' : 'E12345678');
    await page.getByTestId('baseinfo-save').click();
    await expect(page.getByTestId('idcard-confirm-value')).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, `id-confirm-${lang}`);
    await page.locator('.adm-dialog-button:not(.adm-dialog-button-bold)').click();

    await page.goto('/notice');
    await ready(page);
    await expect(page.getByTestId('notice-time').first()).toContainText('UTC+08:00');
    await shot(page, `messages-dated-${lang}`);
  }
});
