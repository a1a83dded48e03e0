/**
 * The live stream in the browser: a room fed by GET /api/Lottery/stream shows a bet
 * placed by someone else without polling the heart, and falls back to the spec's 2 s polling when the
 * stream fails.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../playwright.config';
import { playAsGuest } from './ui';

const AMERICA = 7;

async function beginnerRoom(request: APIRequestContext): Promise<number> {
  const hall = (await (await request.post('/api/Lottery/index', { data: { game_id: AMERICA } })).json()) as {
    data: { gameList: { planList: { id: number; type: number }[] }[] };
  };
  return hall.data.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

/** The demo player bets `stake` on "big" in the room, waiting for an open round if needed. */
async function betElsewhere(request: APIRequestContext, plan: number, stake: string): Promise<void> {
  const login = (await (await request.post('/api/user/login', { data: { account: 'demo', password: DEMO_PASSWORD } })).json()) as {
    data: { userinfo: { token: string } };
  };
  const token = login.data.userinfo.token;
  await expect(async () => {
    const heart = (await (await request.post('/api/Lottery/heart', { data: { game_id: AMERICA } })).json()) as { data: { issue: { issue: string } } };
    const bet = await request.post('/api/Lottery/playOrder', {
      headers: { token },
      data: { issue: heart.data.issue.issue, plan_id: plan, game_id: AMERICA, play_type: '1', money: stake },
    });
    expect(((await bet.json()) as { code: number }).code).toBe(1);
  }).toPass({ timeout: 45_000, intervals: [1000] });
}

function countHearts(page: Page): { times: number[] } {
  const seen = { times: [] as number[] };
  page.on('request', (r) => {
    if (r.url().includes('/api/Lottery/heart')) seen.times.push(Date.now());
  });
  return seen;
}

test("a room fed by the live stream shows another player's bet without polling the heart", async ({ page }) => {
  await playAsGuest(page);
  const plan = await beginnerRoom(page.request);
  const hearts = countHearts(page);
  const streamOpened = page.waitForResponse((r) => r.url().includes('/api/Lottery/stream') && r.status() === 200);
  await page.goto(`/betRoom?id=${plan}&game_id=${AMERICA}`);
  expect((await streamOpened).headers()['content-type']).toMatch(/^text\/event-stream/);
  await expect(page.getByTestId('room-countdown')).toBeVisible();
  // Once the stream is live the 2 s polling stops.
  await page.waitForTimeout(3000);
  const before = hearts.times.length;

  await betElsewhere(page.request, plan, '11.37');
  await expect(page.getByTestId('feed-entry').filter({ hasText: '11.37' })).toHaveCount(1, { timeout: 3000 });
  await page.waitForTimeout(2500);
  expect(hearts.times.length - before).toBe(0);
});

test('when the stream fails the room polls the heart every 2 s and still shows new bets', async ({ page }) => {
  await page.route('**/api/Lottery/stream**', (route) => route.abort());
  await playAsGuest(page);
  const plan = await beginnerRoom(page.request);
  const hearts = countHearts(page);
  await page.goto(`/betRoom?id=${plan}&game_id=${AMERICA}`);
  await expect(page.getByTestId('room-countdown')).toBeVisible();

  await betElsewhere(page.request, plan, '12.41');
  await expect(page.getByTestId('feed-entry').filter({ hasText: '12.41' })).toHaveCount(1, { timeout: 5000 });
  const start = hearts.times.length;
  await page.waitForTimeout(6500);
  // About one poll every 2 s.
  expect(hearts.times.length - start).toBeGreaterThanOrEqual(2);
  expect(hearts.times.length - start).toBeLessThanOrEqual(5);
});
