/** Steps the specs share: waiting out the splash, typing a passcode, registering, playing as a guest. */
import { expect, type Page } from '@playwright/test';

/** A password every spec's new accounts use. */
export const PASSWORD = 'Sup3r-secret-pw';

/** A fresh, valid username (4–20 letters/digits/underscores, starting with a letter). */
export const newUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Waits for the start-up splash (1 s) to be gone. */
export async function ready(page: Page) {
  await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: 5_000 });
}

/** Types digits on antd-mobile's number keyboard (the security-code popups). */
export async function typeCode(page: Page, code: string) {
  for (const digit of code) await page.locator('.adm-number-keyboard-key-number', { hasText: digit }).click();
}

/** Registers `username` with PASSWORD through /register; the app lands on home, logged in. */
export async function registerThroughUi(page: Page, username: string) {
  await page.goto('/register');
  await ready(page);
  await page.getByPlaceholder('請輸入用戶名').fill(username);
  await page.getByPlaceholder('請輸入密碼').fill(PASSWORD);
  await page.getByPlaceholder('請再次輸入密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens a guest session through "try as a guest" on /login and lands on home. */
export async function playAsGuest(page: Page) {
  await page.goto('/login');
  await ready(page);
  await page.getByTestId('try-guest').click();
  await expect(page).toHaveURL(/\/$/);
  await ready(page);
}
