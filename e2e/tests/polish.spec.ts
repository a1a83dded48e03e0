import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fund, newMember, openAs, placeBet, readyToWithdraw } from './members';
import { smallTargets } from './layout';
import { beginnerRoom } from './room';
import { ready } from './ui';

/** What a new player trips over. */

/** Whether `target` is painted at its own centre (no popup, keyboard or mask over it) and lies fully above `y`. */
async function uncoveredAbove(target: Locator, y: number): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box || box.y + box.height > y || box.y < 0) return false;
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

for (const width of [320, 390]) {
  test(`withdraw at ${width} px: the six code boxes sit above the open number pad`, async ({ page, request }) => {
    const member = await readyToWithdraw(request);
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    await openAs(page, member, 'en', '/withdraw');
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    const keyboard = page.locator('.adm-number-keyboard-popup .adm-popup-body');
    await expect(keyboard).toBeVisible();
    // Wait for both sheets to finish sliding in.
    await expect(async () => {
      const kb = await keyboard.boundingBox();
      expect(kb && Math.round(kb.y + kb.height)).toBe(width === 320 ? 568 : 844);
    }).toPass();
    await page.waitForTimeout(400);
    const top = (await keyboard.boundingBox())!.y;
    const popup = page.locator('.wallet-code-popup');
    await expect(popup.getByText('Enter your security code')).toBeVisible();
    expect(await uncoveredAbove(popup.locator('.wallet-popup-title'), top), 'the title').toBe(true);
    expect(await uncoveredAbove(popup.locator('.wallet-note'), top), 'the amount').toBe(true);
    const cells = popup.locator('.adm-passcode-input-cell');
    await expect(cells).toHaveCount(6);
    for (let i = 0; i < 6; i++) expect(await uncoveredAbove(cells.nth(i), top), `code box ${i + 1}`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`withdraw-code-${width}.png`) });
  });
}

test('withdraw refuses more than the balance before the code popup', async ({ page, request }) => {
  const member = await readyToWithdraw(request, '500');
  await openAs(page, member, 'en', '/withdraw');
  await page.getByTestId('withdraw-amount').locator('input').fill('600');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.locator('.adm-toast-main')).toHaveText('Insufficient balance: the transfer out failed');
  await expect(page.locator('.wallet-field.field-invalid')).toBeVisible();
  await expect(page.locator('.wallet-code-popup')).toBeHidden();
});

/** Words of the toast that a line break cuts in two. */
async function splitWords(page: Page): Promise<string[]> {
  return page.locator('.adm-toast-main').evaluate((toast) => {
    const walker = document.createTreeWalker(toast, NodeFilter.SHOW_TEXT);
    const chars: { c: string; top: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const rects = range.getClientRects();
        if (rects.length) chars.push({ c: text[i]!, top: Math.round(rects[0]!.top) });
      }
    }
    const split: string[] = [];
    for (let i = 0; i + 1 < chars.length; i++) {
      const a = chars[i]!;
      const b = chars[i + 1]!;
      if (/\S/.test(a.c) && /\S/.test(b.c) && b.top > a.top)
        split.push(
          chars
            .slice(Math.max(0, i - 6), i + 7)
            .map((x) => x.c)
            .join(''),
        );
    }
    return split;
  });
}

for (const width of [320, 390]) {
  test(`at ${width} px a long English toast wraps between words, never inside one`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('lucky28.language', JSON.stringify('en')));
    await page.goto('/register');
    await ready(page);
    await page.getByPlaceholder('Enter username').fill('ab');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const toast = page.locator('.adm-toast-main');
    await expect(toast).toHaveText('Username must be 4–20 letters, digits or underscores, starting with a letter');
    // It does wrap (several lines), and no line ends inside a word (antd-mobile's own style cuts "di/gits" at 320 px).
    expect((await toast.boundingBox())!.height).toBeGreaterThan(40);
    expect(await splitWords(page)).toEqual([]);
    // The field the refusal names is marked.
    await expect(page.locator('.adm-form-item.field-invalid')).toContainText('Username');
  });
}

test('tap targets are at least 44×44 and nothing scrolls sideways at 320 px', async ({ page, request }) => {
  const member = await readyToWithdraw(request);
  // Another player's bet in the room, so its feed has a "follow" button.
  const other = await newMember(request, 'o');
  await fund(request, other, '100');
  await placeBet(request, other, { planId: 1, gameId: 7, playType: '1', money: '10' });
  await page.setViewportSize({ width: 320, height: 568 });
  await openAs(page, member, 'vi');
  const screens: [string, string][] = [
    ['/', '.home-balance'],
    ['/personal', '.assets-card'],
    ['/withdraw', '[data-testid=withdraw-submit]'],
    ['/recharge', '[data-testid=usdt-address]'],
    ['/betRecord', '.hist-range'],
    ['/capitalDetail', '.ledger-range'],
    ['/lottery', '[data-testid=hall-room]'],
    ['/fair', '[data-testid=fair-verdict]'],
    ['/GameRules', '.rules-picker'],
    ['/find', '.adm-tabs-tab'],
    ['/betRoom?id=1&game_id=7', '.room-follow'],
  ];
  for (const [path, marker] of screens) {
    await page.goto(path);
    await expect(page.locator(marker).first(), path).toBeVisible();
    expect(await smallTargets(page), path).toEqual([]);
  }
  // The betting panel, on its sum tab (28 numbers in 44 px columns).
  // Opened again when the round closed meanwhile (the close shuts the panel): the tap targets are what is checked here.
  await expect(async () => {
    if (!(await page.locator('.bp .adm-tabs-tab').nth(1).isVisible())) await page.getByTestId('open-bet-panel').click({ timeout: 10_000 });
    await page.locator('.bp .adm-tabs-tab').nth(1).click({ timeout: 5_000 });
  }).toPass({ timeout: 80_000 });
  await expect(page.getByTestId('bet-class-127')).toBeVisible();
  expect(await smallTargets(page), 'bet panel').toEqual([]);
});

// ---- Dates in the operator's zone, result feedback, screenshots ----------

/** The server's zone (TIME_ZONE's default; the e2e server sets none). */
const SERVER_ZONE = 'Asia/Shanghai';
const dateIn = (zone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
/**
 * A device zone whose date is not the server's right now: 20 h behind Shanghai until 20:00 there,
 * then 6 h ahead (Kiritimati, UTC+14), which is already tomorrow from 18:00 Shanghai time.
 */
const shanghaiHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: SERVER_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const DEVICE_ZONE = shanghaiHour < 20 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';

test.describe('with the device on another date than the server', () => {
  test.use({ timezoneId: DEVICE_ZONE });

  test('"today" and the other presets find a bet placed just now; dates are the server zone\'s and named', async ({ page, request }) => {
    const member = await newMember(request, 'tz');
    await fund(request, member, '100');
    const planId = await beginnerRoom(request);
    const { issue } = await placeBet(request, member, { planId, gameId: 7, playType: '1', money: '10' });
    await openAs(page, member, 'en', '/betRecord');
    const serverToday = dateIn(SERVER_ZONE);
    const deviceToday = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
    expect(deviceToday, 'the premise: the device and the server are on different dates').not.toBe(serverToday);
    const row = page.locator(`[data-testid=order-row][data-issue="${issue}"]`);
    await expect(row).toBeVisible();
    await expect(page.getByTestId('date-range')).toHaveText(serverToday);
    await expect(page.getByTestId('date-zone')).toContainText('Asia/Shanghai (UTC+08:00)');
    await page.getByTestId('date-preset-yesterday').click();
    await expect(row).toHaveCount(0);
    await page.getByTestId('date-preset-today').click();
    await expect(page.getByTestId('date-preset-today')).toHaveAttribute('aria-pressed', 'true');
    await expect(row).toBeVisible();
    await page.getByTestId('date-preset-week').click();
    await expect(row).toBeVisible();
    // The row's time is the server zone's clock, whatever the device says.
    const shanghaiTime = new Intl.DateTimeFormat('en-GB', { timeZone: SERVER_ZONE, month: '2-digit', day: '2-digit' }).format(new Date());
    await expect(row).toContainText(shanghaiTime.split('/').reverse().join('-'));
    // The picker reaches the server's today (it may be the device's tomorrow).
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('.hist-date').last()).toContainText(serverToday);
  });
});

test("a settled round shows the player's own result in the room, and marks their bet", async ({ page, request }) => {
  test.setTimeout(150_000);
  const member = await newMember(request, 'rs');
  await fund(request, member, '100');
  const planId = await beginnerRoom(request);
  await openAs(page, member, 'en', `/betRoom?id=${planId}&game_id=7`);
  // Bet through the panel with time to spare before the close (rounds are 30 s here, closing 5 s before the draw).
  const countdown = page.getByTestId('room-countdown');
  await expect
    .poll(async () => ((await countdown.getAttribute('data-phase')) === 'open' ? Number((await countdown.textContent())!.split(':')[1]) : 0), {
      timeout: 40_000,
    })
    .toBeGreaterThanOrEqual(12);
  await page.getByTestId('open-bet-panel').click();
  await page.getByTestId('bet-class-1').click();
  await expect(page.getByTestId('bet-chip-5')).toHaveCount(0);
  const issue = (await page.locator('.bp-issue').textContent())!.replace(/\D/g, '');
  await page.getByTestId('bet-submit').click();
  await page.getByTestId('bet-confirm').click();
  await expect(page.locator('.adm-toast-main')).toHaveText('Bet placed');
  const mine = page.locator('.room-bet-mine').last();
  await expect(mine).toBeVisible();
  // While the round is drawn the room says so; then the result is the player's.
  const result = page.getByTestId('my-result');
  await expect(result).toHaveAttribute('data-issue', issue, { timeout: 70_000 });
  const outcome = await result.getAttribute('data-outcome');
  expect(['win', 'lose']).toContain(outcome);
  await expect(result).toContainText(outcome === 'win' ? `You won round ${issue}` : `Round ${issue}: you lost`);
  await expect(result).toContainText(outcome === 'win' ? '1 of 1 bet won · net' : '0 of 1 bet won · net');
  await expect(page.getByTestId('my-result-profit')).toHaveText(outcome === 'win' ? /^\+\d+\.\d\d u$/ : '-10.00 u');
  await expect(mine.getByTestId('bet-mark')).toHaveAttribute('data-outcome', outcome!);
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', 'room-result-en.png') });
});

test('screenshots of the room, withdraw and history in the four languages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await readyToWithdraw(request);
  const planId = await beginnerRoom(request);
  await placeBet(request, member, { planId, gameId: 7, playType: '1,3', money: '10' });
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  const screens: [string, string, string][] = [
    ['room', `/betRoom?id=${planId}&game_id=7`, '.room-bet-mine'],
    ['withdraw', '/withdraw', '[data-testid=withdraw-submit]'],
    ['history', '/betRecord', '[data-testid=order-row]'],
  ];
  for (const lang of ['zh-CN', 'zh-TW', 'en', 'vi']) {
    await openAs(page, member, lang);
    for (const [name, to, marker] of screens) {
      await page.goto(to);
      await ready(page);
      await expect(page.locator(marker).first(), `${lang} ${name}`).toBeVisible({ timeout: 20_000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${name}-${lang}.png`) });
    }
  }
});

/** A finger pulling down from (x, y) by `distance` px, as touch events (antd-mobile's pull-to-refresh listens to touches). */
async function pullDown(page: Page, x: number, y: number, distance: number) {
  const cdp = await page.context().newCDPSession(page);
  const at = (dy: number) => [{ x, y: y + dy, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let dy = 10; dy <= distance; dy += 10) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dy) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test("pull-to-refresh starts anywhere on a list screen, also below a short list, with the app's wording", async ({ page, request }) => {
  const member = await newMember(request, 'pr');
  await openAs(page, member, 'en', '/betRecord');
  await expect(page.locator('.hist-empty')).toBeVisible();
  // The start-up splash covers the screen for its first second: a pull under it never reaches the list.
  await expect(page.getByTestId('splash')).toHaveCount(0);
  for (const y of [700, 130]) {
    // Far below the empty list, then on the date presets (once the last refresh has settled).
    await expect(page.locator('.adm-pull-to-refresh-head')).toHaveCSS('height', '0px');
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/user/orderList'), { timeout: 5_000 });
    const pulling = pullDown(page, 200, y, 260);
    await expect(page.locator('.adm-pull-to-refresh-head')).toContainText(/Release to refresh|Refreshing…|Updated/);
    await pulling;
    expect((await refreshed).url(), `pulled at y=${y}`).toContain('orderList');
  }
});
