import { expect, test, type Page } from '@playwright/test';
import { fund, newMember, openAs } from './members';
import { PASSWORD } from './ui';

const AMERICA = 7;
const BIG = 1;
/** Exact total 0: drawn once in 1,000 rounds, so a bet on it is (all but) sure to lose. */
const SUM_0 = 100;

/** Waits for a round with at least 6 s of betting left (rounds are 30 s in the e2e server). */
async function waitForOpenRound(page: Page, roundSeconds: number): Promise<string> {
  const countdown = page.getByTestId('room-countdown');
  await expect(async () => {
    expect(await countdown.getAttribute('data-phase')).toBe('open');
    const [m, s] = ((await countdown.textContent()) ?? '').split(':').map(Number);
    expect((m ?? 0) * 60 + (s ?? 0)).toBeGreaterThanOrEqual(6);
  }).toPass({ timeout: (roundSeconds + 15) * 1000, intervals: [500] });
  return (await countdown.getAttribute('data-issue')) ?? '';
}

test('a player sets a loss limit of 50 u, loses 50 u, and the next bet is refused with the limit message', async ({ page }) => {
  const hall = (await (await page.request.post('/api/Lottery/index', { data: {} })).json()).data as {
    round_seconds: number;
    gameList: { id: number; planList: { id: number; type: number }[] }[];
  };
  const round = hall.round_seconds;
  test.setTimeout(Math.max(120_000, (3 * round + 90) * 1000));
  const plan = hall.gameList.find((g) => g.id === AMERICA)!.planList.find((p) => p.type === 0)!;

  const member = await newMember(page.request, 'rg');
  await fund(page.request, member, '200');

  await test.step('set a daily loss limit of 50 u on the Responsible play screen', async () => {
    await openAs(page, member, 'en', '/setting?type=2');
    await page.getByTestId('setting-responsible').click();
    await expect(page).toHaveURL(/\/responsiblePlay$/);
    await expect(page.getByText('Reality check', { exact: true })).toBeVisible();
    await page.getByTestId('limit-loss-day').click();
    await page.getByTestId('limit-input').locator('input').fill('50');
    await page.getByTestId('limit-save').click();
    await expect(page.getByText('Limit saved')).toBeVisible();
    await expect(page.getByTestId('limit-loss-day-amount')).toHaveText('50.00 u');
  });

  let issue = '';
  await test.step('lose 50 u on one bet (exact total 0)', async () => {
    await page.goto(`/betRoom?id=${plan.id}&game_id=${AMERICA}`);
    issue = await waitForOpenRound(page, round);
    await page.getByTestId('open-bet-panel').click();
    // Each bet class shows its return to player.
    await expect(page.getByTestId(`bet-rtp-${BIG}`)).toHaveText(/^RTP \d+\.\d{2}%$/);
    await page.locator('.bp-tabs .adm-tabs-tab', { hasText: /^Sum$/ }).click();
    await page.getByTestId(`bet-class-${SUM_0}`).click();
    await page.locator('.bp-chip', { hasText: /^50$/ }).click();
    await expect(page.getByTestId('bet-total')).toHaveText('50.00');
    await page.getByTestId('bet-submit').click();
    await page.getByTestId('bet-confirm').click();
    await expect(page.getByText('Bet placed')).toBeVisible();
    // The round draws; the bet on total 0 lost.
    await expect(page.getByTestId('room-last')).toHaveAttribute('data-issue', issue, { timeout: (round + 20) * 1000 });
    await expect
      .poll(async () => {
        const list = (await (await page.request.post('/api/user/orderList', { headers: { token: member.token }, data: {} })).json()).data as {
          status: number;
          profit: string | null;
        }[];
        return list.map((o) => [o.status, o.profit]);
      })
      .toEqual([[1, '-50.00']]);
  });

  await test.step('the next bet is refused with the limit message', async () => {
    await waitForOpenRound(page, round);
    await page.getByTestId('open-bet-panel').click();
    await page.locator('.bp-tabs .adm-tabs-tab', { hasText: /^Classic$/ }).click();
    await page.getByTestId(`bet-class-${BIG}`).click();
    await page.locator('.bp-chip', { hasText: /^10$/ }).click();
    await page.getByTestId('bet-submit').click();
    await page.getByTestId('bet-confirm').click();
    await expect(
      page.getByText(/^This would exceed your daily loss limit of 50\.00 u \(used: 50\.00 u\)\. It resets at \d{4}-\d\d-\d\d 00:00\.$/),
    ).toBeVisible();
    const orders = (await (await page.request.post('/api/user/orderList', { headers: { token: member.token }, data: {} })).json()).data as unknown[];
    expect(orders).toHaveLength(1);
  });

  await test.step('the screen shows the limit used up, and the bet history its totals', async () => {
    await page.goto('/responsiblePlay');
    await expect(page.getByTestId('limit-loss-day')).toContainText('Used 50.00 u');
    await page.goto('/betRecord');
    await expect(page.getByTestId('bet-totals')).toContainText('Staked 50.00 u');
    await expect(page.getByTestId('bet-totals')).toContainText('Result -50.00 u');
    await page.goto('/personal');
    await expect(page.getByTestId('np-result')).toContainText('-50.00');
    await expect(page.getByTestId('np-net-deposits')).toContainText('200.00');
  });
});

test('self-exclusion: confirmed with the password, the player is signed out and sign-in only says when it ends', async ({ page }) => {
  const member = await newMember(page.request, 'sx');
  await openAs(page, member, 'en', '/responsiblePlay');
  await page.getByTestId('self-exclusion-6m').click();
  const confirm = page.getByTestId('self-exclusion-confirm');
  await expect(confirm).toContainText('Exclude yourself for 6 months?');
  await confirm.getByPlaceholder('Password').fill('not-the-password');
  await confirm.getByTestId('self-exclusion-submit').click();
  await expect(page.getByText('The password is not correct')).toBeVisible();
  await confirm.getByPlaceholder('Password').fill(PASSWORD);
  await confirm.getByTestId('self-exclusion-submit').click();
  const started = page.getByText(/^Your break has started\. Your account opens again on \d{4}-\d\d-\d\d \d\d:\d\d\.$/);
  await expect(started).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The old session is gone on the server too.
  expect((await page.request.post('/api/user/userInfo', { headers: { token: member.token }, data: {} })).status()).toBe(401);

  await page.getByPlaceholder('Enter username').fill(member.username);
  await page.getByPlaceholder('Enter password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('login-refusal')).toHaveText(/^You have excluded yourself until \d{4}-\d\d-\d\d \d\d:\d\d\. Your account opens again then\.$/);
  await expect(page).toHaveURL(/\/login$/);
});
