/**
 * The referral programme end to end (issue 24): a player's friend signs up through the QR code's link,
 * bets, the day ends and its run pays the referrer, who sees the commission on the team page and in the
 * fund details. The server is its own process here (apps/server/test/support/clockServer.ts, test-only,
 * started by ./clockServer.ts)
 * on a clock that starts 150 s before the operator's midnight, so the day really ends during the spec.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import { startClockServer, type ClockServer } from './clockServer';
import { PASSWORD, newUsername } from './ui';

let server: ClockServer;
let URL_ = '';
const command = (text: string, answer: RegExp) => server.command(text, answer);

test.beforeAll(async () => {
  // The referrer signs up "from another network" (X-Forwarded-For): every browser here is 127.0.0.1,
  // and a friend from the referrer's own address would rightly be held for review.
  server = await startClockServer({ portOffset: 1, beforeMidnightMs: 150_000, env: { TRUST_PROXY: '1' } });
  URL_ = server.url;
});
test.afterAll(async () => {
  await server?.stop();
});

async function api(ctx: APIRequestContext, url: string, data: Record<string, unknown>, token?: string, ip?: string) {
  const body = await (await ctx.post(url, { data, headers: { ...(token ? { token } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) } })).json();
  expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(1);
  return body.data;
}

test('a friend invited by the QR link bets; the day’s run pays the referrer, seen on the team page and in fund details', async ({ browser }) => {
  test.setTimeout(240_000);
  const ctx = await playwrightRequest.newContext({ baseURL: URL_ });
  const referrerName = newUsername('ref');
  const referrer = (await api(ctx, '/api/user/register', { username: referrerName, password: PASSWORD, repassword: PASSWORD }, undefined, '10.20.30.40'))
    .userinfo;

  // The referrer's share page: its QR code decodes to the invite link.
  const refContext = await browser.newContext({ baseURL: URL_ });
  const page = await refContext.newPage();
  await page.goto('/login');
  await page.evaluate(
    (m) => {
      localStorage.setItem('lucky28.rememberedSession', JSON.stringify({ token: m.token, userId: m.user_id, username: m.username }));
      localStorage.setItem('lucky28.language', JSON.stringify('en'));
    },
    { ...referrer, username: referrerName },
  );
  await page.goto('/shareFriend');
  const canvas = page.getByTestId('share-qr');
  await expect(canvas).toBeVisible();
  const pixels = await canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const link = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)!.data;
  expect(link).toBe(`${URL_}/register?inviter_id=${referrer.user_id}`);

  // The friend follows it (from another device) and registers.
  const friendContext = await browser.newContext({ baseURL: URL_ });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(link);
  await expect(friendPage.getByTestId('splash')).toHaveCount(0, { timeout: 10_000 });
  await expect(friendPage.locator('input[name="inviter_id"]')).toHaveValue(String(referrer.user_id));
  const friendName = newUsername('fr');
  await friendPage.getByPlaceholder('請輸入用戶名').fill(friendName);
  await friendPage.getByPlaceholder('請輸入密碼').fill(PASSWORD);
  await friendPage.getByPlaceholder('請再次輸入密碼').fill(PASSWORD);
  await friendPage.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(friendPage).toHaveURL(/\/$/);
  await friendContext.close();

  // The friend bets 1,000 u on big (house edge 3 %: 30 u; 25 % of it is 7.50 u) and the round is drawn.
  const friend = (await api(ctx, '/api/user/login', { account: friendName, password: PASSWORD })).userinfo;
  await command(`gift ${friend.user_id} 200000`, /GIFTED/);
  const lobby = (await (await ctx.post('/api/Lottery/index', { data: {} })).json()).data as {
    gameList: { id: number; planList: { id: number; type: number }[] }[];
  };
  const planId = lobby.gameList.find((g) => g.id === 7)!.planList.find((p) => p.type === 0)!.id;
  let issue = '';
  for (let i = 0; i < 40 && !issue; i++) {
    const heart = (await (await ctx.post('/api/Lottery/heart', { data: { plan_id: planId, game_id: 7 } })).json()).data;
    if (!heart.issue.whether_close && heart.issue.closeTime >= 2) {
      const res = await (
        await ctx.post('/api/Lottery/playOrder', {
          headers: { token: friend.token },
          data: { issue: heart.issue.issue, plan_id: planId, game_id: 7, play_type: '1', money: '1000' },
        })
      ).json();
      if (res.code === 1) issue = heart.issue.issue;
    }
    if (!issue) await new Promise((r) => setTimeout(r, 1000));
  }
  expect(issue, 'the bet was placed').not.toBe('');
  // Drawn and settled in the same transaction (docs/design.md#drawing-once).
  await expect.poll(async () => (await (await ctx.get(`/api/fair/round?game_id=7&issue=${issue}`)).json()).data?.drawn, { timeout: 90_000 }).toBe(true);

  // The day ends; the run, as the hourly housekeeping does it, pays the referrer.
  const ran = await command('advance 900000', /RAN/);
  expect(ran).toContain('"computed":true');

  await page.goto('/team');
  await expect(page.getByTestId('team-paid')).toHaveText('7.50');
  await expect(page.getByTestId('team-held')).toHaveText('0.00');
  await expect(page.getByTestId('team-day').first()).toContainText('1000.00');
  await expect(page.getByTestId('team-invitee')).toHaveCount(1);
  await expect(page.getByTestId('team-rules')).toContainText('25.00');

  await page.goto('/capitalDetail?type=5');
  await expect(page.getByTestId('ledger-row').first()).toHaveAttribute('data-type', '5');
  await expect(page.getByTestId('ledger-row').first()).toContainText('Commission');
  await refContext.close();
  await ctx.dispose();
});
