/**
 * Missing counts and streak alerts in the browser (docs/statistics.md, issue 41): the spec's own server
 * (./clockServer.ts) on a clock it moves a round at a time. The trend table shows the counts the server
 * keeps, with the independence statement and its link to the fairness page; a player turns alerts on
 * (off until then) on /streakAlerts, reached from the trend table, and after enough draws one alert
 * arrives in their own messages, saying each draw is independent. Screenshots at 320 and 390 px in the
 * four languages, none wider than the screen.
 */
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startClockServer, type ClockServer } from './clockServer';
import { newMember, openAs, type Member } from './members';

const AMERICA = 7;
const ROUND_MS = 30_000;
/** The ten run classes: big, small, odd, even, the four combinations, extreme big and small. */
const RUN_CLASSES = [1, 2, 3, 4, 11, 12, 13, 14, 21, 22];
const LANGS = ['zh-CN', 'zh-TW', 'en', 'vi'] as const;

let server: ClockServer;
let request: APIRequestContext;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(200_000);
  server = await startClockServer({ portOffset: 3, beforeMidnightMs: 6 * 60 * 60 * 1000 });
  request = await playwrightRequest.newContext({ baseURL: server.url });
});
test.afterAll(async () => {
  for (const c of contexts) await c.close();
  await request?.dispose();
  await server?.stop();
});

async function api(url: string, data: Record<string, unknown>, token?: string) {
  const body = await (await request.post(url, { data, headers: token ? { token } : {} })).json();
  expect(body.code, `${url} ${JSON.stringify(body)}`).toBe(1);
  return body.data;
}

interface Statistics {
  draws: number;
  missing: { class: number; current: number; longest: number }[];
  runs: { class: number; length: number }[];
}
const statistics = (): Promise<Statistics> => api('/api/Lottery/statistics', { game_id: AMERICA });

/** The next round drawn: the clock moves a round on (the browsers' with it) and the server's scheduler draws it. */
async function nextDraw(): Promise<Statistics> {
  const before = (await statistics()).draws;
  await server.command(`advance ${ROUND_MS}`, /NOW/);
  for (const c of contexts) await c.clock.setSystemTime(server.now());
  await expect.poll(async () => (await statistics()).draws, { timeout: 20_000 }).toBeGreaterThan(before);
  return statistics();
}

async function device(browser: Browser, member: Member, lang: string, to: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.clock.install({ time: server.now() });
  contexts.push(context);
  const page = await context.newPage();
  await page.addLocatorHandler(page.getByTestId('reality-check'), async () => {
    await page.getByTestId('reality-check').getByRole('button').first().click();
  });
  await openAs(page, member, lang, to);
  return page;
}

test('the trend table shows the kept missing counts; an alert turned on arrives after draws, in the player’s own messages', async ({ browser }) => {
  test.setTimeout(300_000);
  const member = await newMember(request, 'sa');
  for (let i = 0; i < 4; i++) await nextDraw();
  const stats = await statistics();
  expect(stats.draws).toBeGreaterThanOrEqual(4);

  const page = await device(browser, member, 'en', `/trendChart?game_id=${AMERICA}`);
  const section = page.getByTestId('missing-counts');
  await expect(section).toBeVisible();
  await expect(section).toContainText(`Counted over all ${stats.draws} draws of this game.`);
  for (const m of stats.missing) {
    await expect(page.getByTestId(`missing-current-${m.class}`)).toHaveText(String(m.current));
    await expect(page.getByTestId(`missing-longest-${m.class}`)).toHaveText(String(m.longest));
  }
  const note = section.getByTestId('independence');
  await expect(note).toContainText("Each draw is independent; the next draw's odds are unchanged.");
  await note.getByTestId('stats-fair-link').click();
  await expect(page).toHaveURL(/\/fair$/);
  await page.goBack();

  // From the trend table to the alerts: every one off until the player turns it on.
  await page.getByTestId('streak-alerts-link').click();
  await expect(page).toHaveURL(new RegExp(`/streakAlerts\\?game_id=${AMERICA}$`));
  await expect(page.getByTestId('streak-alerts').getByTestId('independence')).toContainText('Each draw is independent');
  for (const id of RUN_CLASSES) await expect(page.getByTestId(`alert-switch-${id}`)).toHaveAttribute('aria-checked', 'false');
  expect(await api('/api/Lottery/streakAlerts', {}, member.token)).toEqual([]);

  // Big and small on, each brought down from 6 to a run of 3 on the screen.
  for (const id of [1, 2]) {
    await page.getByTestId(`alert-switch-${id}`).click();
    const stepper = page.getByTestId(`alert-run-${id}`);
    await expect(stepper.getByRole('spinbutton')).toHaveValue('6');
    for (const run of [5, 4, 3]) {
      await stepper.locator('button').first().click();
      await expect(stepper.getByRole('spinbutton')).toHaveValue(String(run));
      // Saved before the next step: the stepper waits for each answer.
      await expect(stepper.locator('button').last()).toBeEnabled();
    }
  }
  await expect
    .poll(async () => ((await api('/api/Lottery/streakAlerts', {}, member.token)) as { class: number; run: number }[]).map((a) => [a.class, a.run]))
    .toEqual([
      [1, 3],
      [2, 3],
    ]);
  // The other eight at 3 too, through the call the screen uses, so a run of 3 comes within a few draws.
  for (const id of RUN_CLASSES.slice(2)) await api('/api/Lottery/setStreakAlert', { game_id: AMERICA, class: id, run: 3, on: true }, member.token);

  let unread = 0;
  let fired: Statistics | undefined;
  for (let draw = 0; draw < 80 && unread === 0; draw++) {
    fired = await nextDraw();
    unread = ((await api('/api/user/noticeUnread', {}, member.token)) as { station: number }).station;
  }
  expect(unread, 'one alert, however many classes ran to 3').toBe(1);
  const ran = fired!.runs.filter((r) => r.length === 3).map((r) => r.class);
  expect(ran.length).toBeGreaterThan(0);

  await page.goto('/notice');
  const alert = page.getByTestId('notice-item').filter({ hasText: 'Streak alert' });
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(/American 28: .+ has come 3 draws in a row\. Each draw is independent: the next draw's odds are unchanged\./);
  await expect(alert.getByTestId('notice-fair-link')).toHaveAttribute('href', '/fair');

  // The room's menu leads to the same screen, with the alerts as saved.
  const hall = (await api('/api/Lottery/index', { game_id: AMERICA })) as { gameList: { planList: { id: number; type: number }[] }[] };
  const plan = hall.gameList[0]!.planList.find((p) => p.type === 0)!.id;
  await page.goto(`/betRoom?id=${plan}&game_id=${AMERICA}`);
  await page.locator('.room-menu-button').click();
  await page.locator('.room-menu').getByText('Streak alerts').click();
  await expect(page).toHaveURL(new RegExp(`/streakAlerts\\?game_id=${AMERICA}$`));
  for (const id of RUN_CLASSES) await expect(page.getByTestId(`alert-switch-${id}`)).toHaveAttribute('aria-checked', 'true');
});

test('the trend table and the alerts at 320 and 390 px in the four languages, none wider than the screen; an opted-out player is told why none is sent', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const member = await newMember(request, 'sb');
  await api('/api/Lottery/setStreakAlert', { game_id: AMERICA, class: 1, run: 8, on: true }, member.token);
  await api('/api/Lottery/setStreakAlert', { game_id: AMERICA, class: 13, run: 5, on: true }, member.token);
  await api('/api/rewards/optOut', { opt_out: true }, member.token);
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  for (const lang of LANGS) {
    const page = await device(browser, member, lang, `/streakAlerts?game_id=${AMERICA}`);
    await expect(page.getByTestId('alert-run-1').getByRole('spinbutton')).toHaveValue('8');
    await expect(page.getByTestId('alerts-held')).toHaveAttribute('data-hold', 'opt_out');
    await expect(page.getByTestId('alerts-held').getByRole('link')).toHaveAttribute('href', '/responsiblePlay');
    await expect(page.getByTestId('independence').getByTestId('stats-fair-link')).toHaveAttribute('href', '/fair');
    for (const [name, to, marker] of [
      ['streak-alerts', `/streakAlerts?game_id=${AMERICA}`, 'alert-row-22'],
      ['missing-counts', `/trendChart?game_id=${AMERICA}`, 'missing-totals'],
    ] as const) {
      await page.goto(to);
      await expect(page.getByTestId(marker)).toBeVisible();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
        await page.getByTestId(marker).scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${name} ${lang} ${width}`).toBe(true);
        await page.screenshot({ path: path.join(dir, `${name}-${width}-${lang}.png`), fullPage: true });
      }
    }
    expect(await page.locator('body').innerText()).not.toMatch(/predict|预测|預測|dự đoán/i);
    await page.context().close();
    contexts.splice(contexts.indexOf(page.context()), 1);
  }
});
