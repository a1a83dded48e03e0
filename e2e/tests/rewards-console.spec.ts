/**
 * Campaigns run from the console (issue 25): an operator creates a check-in in the form of its kind (the
 * seven day rewards typed as amounts), a bad amount is refused under its field, the player sees the
 * rewards on /actionCenter; an edit applies to what players see; "End now" takes it off their list.
 */
import { expect, test, type Page } from '@playwright/test';
import { newMember, openAs } from './members';
import { operatorToken } from './operator';

// The console is a desktop app; the player page opened from here gets the phone viewport again.
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const title = `Console check-in ${Date.now()}`;
let campaignId: number | null = null;

// Whatever happens above, the campaign ends: later specs see the suite's other check-in alone.
test.afterAll(async ({ request }) => {
  if (campaignId === null) return;
  const token = await operatorToken(request);
  await request.post('/api/admin/campaignEnd', { headers: { token }, data: { id: campaignId } });
});

const field = (page: Page, label: string) => page.locator('.ant-modal').getByLabel(label, { exact: true });

test('an operator creates a check-in in its form, edits its rewards and ends it; the player sees each change', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const token = await operatorToken(request);
  await page.goto('/admin/login');
  await page.evaluate((t) => {
    sessionStorage.setItem('lucky28.console.token', t);
    localStorage.setItem('lucky28.console.lang', 'en');
  }, token);
  await page.goto('/admin/campaigns');
  await page.getByTestId('campaign-add').click();
  const form = page.getByTestId('campaign-form');
  await expect(form.getByTestId('terms-check_in')).toBeVisible();
  for (const lang of ['Simplified Chinese', 'Traditional Chinese', 'English', 'Vietnamese']) {
    await field(page, `Title (${lang})`).fill(title);
    await field(page, `Terms in plain words (${lang})`).fill('One reward a day');
  }
  const rewards = ['0.5', '1', '1.5', '2', '2.5', '3', '10'];
  for (const [i, v] of rewards.entries()) await field(page, `Day ${i + 1}`).fill(v);
  // A third decimal place is not an amount: refused under its field, nothing saved.
  await field(page, 'Day 3').fill('1.505');
  await page.getByRole('button', { name: /Save/ }).click();
  const day3 = page.locator('.ant-modal .ant-form-item').filter({ has: page.getByLabel('Day 3', { exact: true }) });
  await expect(day3.locator('.ant-form-item-explain-error')).toHaveText('The campaign terms are incomplete or out of range');
  await field(page, 'Day 3').fill('1.5');
  await page.getByRole('button', { name: /Save/ }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  const list = (await (await request.post('/api/admin/campaignList', { headers: { token }, data: {} })).json()).data as {
    id: number;
    title: { en: string };
    terms: unknown;
  }[];
  const saved = list.find((c) => c.title.en === title)!;
  campaignId = saved.id;
  expect(saved.terms).toEqual({ rewards: [50, 100, 150, 200, 250, 300, 1000] });

  // The player sees the rewards typed, as amounts.
  const member = await newMember(request, 'cc');
  const player = await browser.newPage(phone);
  await openAs(player, member, 'en', '/actionCenter');
  const card = player.getByTestId('reward-check_in').filter({ hasText: title });
  await expect(card.getByTestId('checkin-strip').locator('strong')).toHaveText(['0.50', '1.00', '1.50', '2.00', '2.50', '3.00', '10.00']);

  // An edit: the form shows the amounts as stored; day 1 becomes 0.75.
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(field(page, 'Day 7')).toHaveValue('10.00');
  await field(page, 'Day 1').fill('0.75');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  await player.reload();
  await expect(card.getByTestId('checkin-day-1').locator('strong')).toHaveText('0.75');

  // Ended now: it leaves the player's list.
  await row.getByRole('button', { name: 'End now' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByRole('button', { name: /OK/ }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
  await player.reload();
  await expect(player.getByTestId('reward-cards')).toBeVisible();
  await expect(card).toHaveCount(0);
  await player.close();
});
