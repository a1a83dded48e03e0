import { expect, test, type Page } from '@playwright/test';
// The shared rules (the same code the server settles with), imported from source.
import { formatMoney, parseMoney } from '../../packages/shared/src/money';
import { settleOrder } from '../../packages/shared/src/game/settlement';
import { DEMO_PASSWORD } from '../playwright.config';
import { playAsGuest, ready } from './ui';

const AMERICA = 7;
const BIG = 1;
const ODD = 3;
const STAKE = '10';

/** The round length the server runs with (ROUND_SECONDS), as Lottery/index states it. */
async function roundSeconds(page: Page): Promise<number> {
  const res = (await (await page.request.post('/api/Lottery/index', { data: {} })).json()) as { data: { round_seconds: number } };
  return res.data.round_seconds;
}

async function saveScreenshot(page: Page, testInfo: import('@playwright/test').TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('home shows the five live lottery cards, ticking', async ({ page }, testInfo) => {
  await page.goto('/');
  await ready(page);
  const cards = page.getByTestId('lottery-card');
  await expect(cards).toHaveCount(5);
  // The order of docs/product.md#home: American, European, Korean, Australian, Canadian.
  const ids = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-game'))));
  expect(ids).toEqual([7, 6, 5, 2, 1]);
  for (let i = 0; i < 5; i++) {
    const card = cards.nth(i);
    await expect(card.getByTestId('card-issue')).toContainText(/\d{11,}/);
    await expect(card.getByTestId('card-tag')).toHaveText(/投注中|已封盤/);
    await expect(card.getByTestId('card-codes').locator('.lc-code')).toHaveCount(36);
    await expect(card.getByTestId('card-orders')).toContainText(/\d+/);
  }
  // The grid holds the game's real latest totals (as many as have been drawn, up to 36), the rest empty.
  const filled = cards.first().getByTestId('card-codes').locator('.lc-code:not(.lc-code-empty)');
  await expect(async () => {
    const res = await page.request.post('/api/Lottery/issueList', { data: { game_id: AMERICA, limit: 36 } });
    const drawn = ((await res.json()) as { data: { code: number }[] }).data;
    expect(await filled.count()).toBe(drawn.length);
    if (drawn.length > 0) expect(await filled.first().textContent()).toBe(String(drawn[0]!.code));
  }).toPass({ timeout: 15_000 });

  // The countdowns tick once a second (a card may briefly read "drawing…" at the draw time).
  const read = () => cards.evaluateAll((els) => els.map((e) => e.querySelector('[data-testid=card-countdown]')?.textContent ?? ''));
  await expect(async () => {
    const before = await read();
    await page.waitForTimeout(1_100);
    const after = await read();
    expect(after.filter((text, i) => text !== before[i] && /^\d\d:\d\d$/.test(text)).length).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 15_000 });

  await page.getByTestId('lottery-card').first().getByRole('button', { name: '立即投注' }).click();
  await expect(page).toHaveURL(/\/lottery\?tab=0$/);
  await page.goto('/');
  await ready(page);
  await saveScreenshot(page, testInfo, 'home');
});

test('a player bets big and odd, the round draws, history shows both settled, and /fair verifies it', async ({ page }, testInfo) => {
  const round = await roundSeconds(page);
  // Up to two rounds of waiting (for an open round, then for its draw) plus the rest of the flow.
  test.setTimeout(Math.max(120_000, (2 * round + 90) * 1000));

  await test.step('log in as the demo player', async () => {
    await page.goto('/login');
    await ready(page);
    await page.getByPlaceholder('請輸入用戶名').fill('demo');
    await page.getByPlaceholder('請輸入密碼').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('enter the beginner room of the American game from the hall', async () => {
    await page.goto('/lottery?tab=0');
    await ready(page);
    await page.getByTestId('hall-room').first().click();
    await expect(page).toHaveURL(/\/betRoom\?id=\d+&game_id=7/);
  });

  let issue = '';
  let balanceBefore = 0;
  await test.step('bet 10 on big and 10 on odd in one submission', async () => {
    const countdown = page.getByTestId('room-countdown');
    // Wait for a round with at least 6 s of betting left, so the bet is not refused for a close in flight.
    await expect(async () => {
      expect(await countdown.getAttribute('data-phase')).toBe('open');
      const left = (await countdown.textContent()) ?? '';
      const [m, s] = left.split(':').map(Number);
      expect((m ?? 0) * 60 + (s ?? 0)).toBeGreaterThanOrEqual(6);
    }).toPass({ timeout: (round + 15) * 1000, intervals: [500] });
    issue = (await countdown.getAttribute('data-issue')) ?? '';
    expect(issue).toMatch(/^\d{11,}$/);

    const balanceText = page.getByTestId('room-balance');
    await expect(balanceText).toHaveText(/^\d+\.\d{2}$/);
    balanceBefore = parseMoney((await balanceText.textContent()) ?? '') ?? -1;
    expect(balanceBefore).toBeGreaterThanOrEqual(2000);

    await page.getByTestId('open-bet-panel').click();
    await page.getByTestId(`bet-class-${BIG}`).click();
    await page.getByTestId(`bet-class-${ODD}`).click();
    await page.locator('.bp-chip', { hasText: new RegExp(`^${STAKE}$`) }).click();
    await expect(page.getByTestId('bet-total')).toHaveText('20.00');
    await page.getByTestId('bet-submit').click();
    await page.getByTestId('bet-confirm').click();

    await expect(page.getByText('投注成功')).toBeVisible();
    await expect(balanceText).toHaveText(formatMoney(balanceBefore - 2000));
    const mine = page.locator('[data-testid=feed-entry].room-bet-mine');
    await expect(mine.filter({ hasText: '大' }).filter({ hasText: '10.00 u' })).toHaveCount(1);
    await expect(mine.filter({ hasText: '單' }).filter({ hasText: '10.00 u' })).toHaveCount(1);
    await saveScreenshot(page, testInfo, 'room');
  });

  let digits: [number, number, number] = [0, 0, 0];
  await test.step('the round draws', async () => {
    const last = page.getByTestId('room-last');
    await expect(last).toHaveAttribute('data-issue', issue, { timeout: (round + 20) * 1000 });
    const d = ((await last.getAttribute('data-digits')) ?? '').split(',').map(Number);
    expect(d).toHaveLength(3);
    digits = [d[0]!, d[1]!, d[2]!];
  });

  await test.step('bet history shows both orders settled with the profit of the shared rules', async () => {
    // The room's own odds, as stored on the orders.
    const planId = Number(new URL(page.url()).searchParams.get('id'));
    const odds = (await (await page.request.post('/api/Lottery/oddsList', { data: { plan_id: planId } })).json()) as {
      data: { rule_base: { class: number; odds: string; odds_special: string | null }[] };
    };
    const expected = (playType: number) => {
      const o = odds.data.rule_base.find((r) => r.class === playType)!;
      const s = settleOrder(
        { playType, amount: 1000, odds: parseMoney(o.odds)!, oddsSpecial: o.odds_special === null ? null : parseMoney(o.odds_special)! },
        digits,
      );
      return { text: `${s.profit > 0 ? '+' : ''}${formatMoney(s.profit)}`, outcome: s.whetherHit === 1 ? 'win' : 'lose' };
    };

    await page.goto('/betRecord');
    await ready(page);
    for (const playType of [BIG, ODD]) {
      const row = page.locator(`[data-testid=order-row][data-issue="${issue}"][data-play-type="${playType}"]`);
      await expect(row).toHaveCount(1);
      const want = expected(playType);
      // Pending orders refresh every 5 s until settled.
      await expect(row.getByTestId('order-outcome')).toHaveAttribute('data-outcome', want.outcome, { timeout: 20_000 });
      await expect(row.getByTestId('order-profit')).toHaveText(want.text);
    }

    // The detail screen shows the open result in four parts.
    await page.locator(`[data-testid=order-row][data-issue="${issue}"][data-play-type="${BIG}"]`).click();
    await expect(page).toHaveURL(/\/betDetail\?orderNo=/);
    const total = digits[0] + digits[1] + digits[2];
    await expect(page.getByTestId('open-result')).toHaveText(`${digits[0]}+${digits[1]}+${digits[2]}=${total}`);
  });

  await test.step('/fair recomputes the round in the browser and verifies it', async () => {
    await page.goto(`/fair?game_id=${AMERICA}&issue=${issue}`);
    await ready(page);
    await expect(page.getByTestId('fair-verdict')).toHaveAttribute('data-state', 'match');
    await expect(page.getByTestId('check-commitment')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('check-numbers')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('check-total')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('check-chain')).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
    await expect(page.getByTestId('fair-total')).toHaveText(String(digits[0] + digits[1] + digits[2]));
  });
});

test('the rules pages state the round length and betting close the server runs with', async ({ page }) => {
  const hall = (await (await page.request.post('/api/Lottery/index', { data: {} })).json()) as {
    data: { round_seconds: number; close_before_seconds: number };
  };
  await playAsGuest(page);
  for (const route of ['/GameRules', '/GameIntroduction']) {
    await page.goto(route);
    await ready(page);
    // The e2e server runs 30 s rounds closing 5 s before the draw (playwright.config.ts).
    await expect(page.getByTestId('rules-round'), route).toHaveText(`${hall.data.round_seconds} 秒`);
    await expect(page.getByTestId('rules-close'), route).toHaveText(`開獎前 ${hall.data.close_before_seconds} 秒`);
  }
  // How a bet is written, in the language on screen: the brief's format example first, read by the shared grammar.
  await page.goto('/GameRules');
  const first = page.getByTestId('bet-example').first();
  await expect(first.locator('code')).toHaveText('極大200');
  await expect(first.locator('.rules-example-means')).toHaveText('極大 200.00 u');
  await expect(page.getByTestId('bet-writing').locator('tr[data-class="sum"] code')).toHaveText(['13 20', '13點20', '13/20', '和值13 20']);
});
