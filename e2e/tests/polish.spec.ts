import { expect, test, type Locator, type Page } from '@playwright/test';
import { fund, newMember, openAs, placeBet, readyToWithdraw } from './members';
import { ready } from './ui';

/** Issue 15: what a new player trips over. */

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
  await expect(page.locator('.adm-toast-main')).toHaveText('Insufficient balance, please deposit first');
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
      if (/\S/.test(a.c) && /\S/.test(b.c) && b.top > a.top) split.push(chars.slice(Math.max(0, i - 6), i + 7).map((x) => x.c).join(''));
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

/** Visible tappable things smaller than 44×44 CSS px, and whether the page scrolls sideways. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector = 'button, a[href], [role=button], [role=radio], [role=tab], .adm-tabs-tab, .adm-capsule-tabs-tab, .adm-checkbox';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (b.width < 44 || b.height < 44) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.className).trim().slice(0, 24);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(b.width)}×${Math.round(b.height)}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide`);
    return out;
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
    ['/find', '.adm-tabs-tab'],
    ['/betRoom?id=1&game_id=7', '.room-follow'],
  ];
  for (const [path, marker] of screens) {
    await page.goto(path);
    await expect(page.locator(marker).first(), path).toBeVisible();
    expect(await smallTargets(page), path).toEqual([]);
  }
  // The betting panel, on its sum tab (28 numbers in 44 px columns).
  await page.getByTestId('open-bet-panel').click({ timeout: 40_000 });
  await page.locator('.bp .adm-tabs-tab').nth(1).click();
  await expect(page.getByTestId('bet-class-127')).toBeVisible();
  expect(await smallTargets(page), 'bet panel').toEqual([]);
});
