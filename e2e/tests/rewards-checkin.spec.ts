/**
 * The daily check-in over simulated days (issue 25): the spec's own server (./clockServer.ts) on a clock
 * that starts at noon of an operator-day and that the spec moves a day at a time. A player checks in on
 * day 1 and on the next operator-day (day 2 of the streak, day 2's reward), a second device's tap that
 * day is refused, and after a skipped day the streak starts again at day 1. The rewards are the
 * campaign's terms; the stored funds and the fund details show each one with its campaign.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startClockServer, type ClockServer } from './clockServer';
import { openAs, type Member } from './members';
import { PASSWORD, newUsername } from './ui';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The campaign's terms: the reward of day 1 … 7, cents. */
const REWARDS = [100, 250, 300, 400, 500, 600, 1000];
const shown = (cents: number) => (cents / 100).toFixed(2);
const TITLE = 'Daily check-in';

let server: ClockServer;
test.beforeAll(async () => {
  server = await startClockServer({ portOffset: 2, beforeMidnightMs: 12 * 60 * 60 * 1000 });
});
test.afterAll(async () => {
  await server?.stop();
});

async function api(ctx: APIRequestContext, url: string, data: Record<string, unknown>, token?: string) {
  const body = await (await ctx.post(url, { data, headers: token ? { token } : {} })).json();
  expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(1);
  return body.data;
}

const devices: BrowserContext[] = [];

/**
 * A device of the player's: a browser context of its own on the server, its clock the server's (moved
 * with it by `advance`), signed in, on /actionCenter. A player signed in across days gets the reality
 * check (time played since the session began) and carries on.
 */
async function device(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.clock.install({ time: server.now() });
  devices.push(context);
  const page = await context.newPage();
  await page.addLocatorHandler(page.getByTestId('reality-check'), async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
  });
  await openAs(page, member, 'en', '/actionCenter');
  return page;
}

/** The next operator-day(s): the server's clock, and every device's with it. Answers the server's new date. */
async function advance(ms: number): Promise<string> {
  const answer = await server.command(`advance ${ms}`, /TODAY/);
  for (const context of devices) await context.clock.setSystemTime(server.now());
  return /TODAY (\S+)/.exec(answer)![1]!;
}

const card = (page: Page) => page.getByTestId('reward-check_in');
const day = (page: Page, n: number) => card(page).getByTestId(`checkin-day-${n}`);

/** The strip's days done, as the page shows them: `data-done` of day 1 … 7. */
async function doneDays(page: Page): Promise<boolean[]> {
  const days: boolean[] = [];
  for (let n = 1; n <= 7; n++) days.push((await day(page, n).getAttribute('data-done')) === 'true');
  return days;
}

async function storedFunds(page: Page): Promise<string> {
  await page.goto('/personal');
  const asset = page.locator('.asset').filter({ hasText: 'Stored funds' });
  await expect(asset.locator('.amount')).toHaveText(/\d+\.\d\d u/);
  return (await asset.locator('.amount').innerText()).replace(/\s*u$/, '');
}

/** The fund details show the check-in rows of the server's today: the campaign's name and the reward. */
async function expectCheckInRow(page: Page, cents: number) {
  await page.goto('/capitalDetail?type=8');
  const row = page.getByTestId('ledger-row').first();
  await expect(row).toHaveAttribute('data-type', '8');
  await expect(row).toContainText('Check-in reward');
  await expect(row.getByTestId('ledger-campaign')).toHaveText(`${TITLE} · `);
  await expect(row.getByTestId('ledger-quantity')).toHaveText(`+${shown(cents)}`);
}

async function checkIn(page: Page) {
  await page.goto('/actionCenter');
  await expect(card(page)).toHaveAttribute('data-state', 'available');
  await card(page).getByTestId('reward-claim').click();
  await expect(card(page)).toHaveAttribute('data-state', 'claimed');
  await expect(card(page).getByTestId('reward-claim')).toBeDisabled();
}

test('a check-in on two consecutive operator-days pays day 1 and day 2; a second tap is refused; a skipped day restarts the streak', async ({ browser }) => {
  test.setTimeout(240_000);
  const names = (en: string) => ({ zh: en, tw: en, en, vi: en });
  await server.command(
    `campaign ${JSON.stringify({ kind: 'check_in', title: names(TITLE), terms_text: names('A reward a day, 7 days in a row'), terms: { rewards: REWARDS }, enabled: true })}`,
    /CAMPAIGN \d+/,
  );
  // A new player, signed in with "remember me": an ordinary session would idle out over the days skipped.
  const ctx = await playwrightRequest.newContext({ baseURL: server.url });
  const username = newUsername('ci');
  await api(ctx, '/api/user/register', { username, password: PASSWORD, repassword: PASSWORD });
  const login = (await api(ctx, '/api/user/login', { account: username, password: PASSWORD, remember: '1' })).userinfo;
  const member: Member = { username, token: login.token, userId: login.user_id };

  // Day 1: the strip shows the campaign's rewards, nothing done; the check-in pays day 1's reward.
  const phone = await device(browser, member);
  await expect(card(phone)).toContainText(TITLE);
  await expect(card(phone).getByTestId('checkin-strip').locator('strong')).toHaveText(REWARDS.map(shown));
  expect(await doneDays(phone)).toEqual([false, false, false, false, false, false, false]);
  await expect(card(phone).getByTestId('reward-claim')).toHaveText(`Claim ${shown(REWARDS[0]!)} u`);
  expect(await storedFunds(phone)).toBe('0.00');
  await checkIn(phone);
  expect(await doneDays(phone)).toEqual([true, false, false, false, false, false, false]);
  await expect(card(phone)).toContainText('Checked in today');
  expect(await storedFunds(phone)).toBe(shown(REWARDS[0]!));
  await expectCheckInRow(phone, REWARDS[0]!);

  // The next operator-day: day 2 of the streak is due, with day 2's reward.
  const first = await advance(DAY_MS);
  await phone.goto('/actionCenter');
  await expect(card(phone)).toHaveAttribute('data-state', 'available');
  expect(await doneDays(phone)).toEqual([true, false, false, false, false, false, false]);
  await expect(day(phone, 2)).toHaveClass(/next/);
  await expect(card(phone)).toContainText('Streak: 1 of 7 days');
  await expect(card(phone).getByTestId('reward-claim')).toHaveText(`Claim ${shown(REWARDS[1]!)} u`);
  // A second device has the card open too, from before the check-in.
  const tablet = await device(browser, member);
  await expect(card(tablet)).toHaveAttribute('data-state', 'available');
  await checkIn(phone);
  expect(await doneDays(phone)).toEqual([true, true, false, false, false, false, false]);
  expect(await storedFunds(phone)).toBe(shown(REWARDS[0]! + REWARDS[1]!));
  await expectCheckInRow(phone, REWARDS[1]!);
  // The second tap the same day: refused, in the player's language, and nothing more is paid.
  await card(tablet).getByTestId('reward-claim').click();
  await expect(tablet.getByText('This reward has already been claimed')).toBeVisible();
  expect(await storedFunds(tablet)).toBe(shown(REWARDS[0]! + REWARDS[1]!));

  // A day is skipped: the streak starts again at day 1, with day 1's reward.
  const third = await advance(2 * DAY_MS);
  expect(Date.parse(third) - Date.parse(first)).toBe(2 * DAY_MS);
  await phone.goto('/actionCenter');
  await expect(card(phone)).toHaveAttribute('data-state', 'available');
  expect(await doneDays(phone)).toEqual([false, false, false, false, false, false, false]);
  await expect(day(phone, 1)).toHaveClass(/next/);
  await expect(card(phone).getByTestId('reward-claim')).toHaveText(`Claim ${shown(REWARDS[0]!)} u`);
  await checkIn(phone);
  expect(await doneDays(phone)).toEqual([true, false, false, false, false, false, false]);
  expect(await storedFunds(phone)).toBe(shown(2 * REWARDS[0]! + REWARDS[1]!));
  await expectCheckInRow(phone, REWARDS[0]!);
  await ctx.dispose();
});
