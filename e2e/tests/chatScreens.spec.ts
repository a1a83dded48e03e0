/**
 * The room chat's screens at the narrowest phone (320 px) and the design's width (390 px), in the four
 * languages (docs/chat.md): the confirmation of a bet typed in the chat, the bet message it posts, the
 * round's posts with the list's link, and a muted player's notice. Each is saved as a screenshot (in
 * the test's output, as chat.spec.ts saves the timeline) and checked: nothing scrolls sideways and every
 * tap target is at least 44×44 px.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { smallTargets } from './layout';
import { fund, newMember } from './members';
import { operatorToken } from './operator';
import { beginnerRoom, enterRoom } from './room';

const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'vi'] as const;
const WIDTHS = [320, 390] as const;

/** At each width: a screenshot named `name-<width>`, attached to the report, and the layout checks. */
async function shootAtWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
    expect(await smallTargets(page), `${name} at ${width} px`).toEqual([]);
  }
}

/** Scrolls the timeline so that `row` stands in its middle, whole (not cut at the timeline's edge). */
const inMiddle = (row: Locator) => row.evaluate((el) => el.scrollIntoView({ block: 'center' }));

/** Waits until the round has at least `seconds` of betting left (rounds are 30 s here), so a bet placed now lands in it. */
async function bettingTimeLeft(page: Page, seconds: number) {
  const countdown = page.getByTestId('room-countdown');
  await expect
    .poll(
      async () => {
        if ((await countdown.getAttribute('data-phase')) !== 'open') return 0;
        const [m, s] = ((await countdown.textContent()) ?? '0:0').split(':').map(Number);
        return (m ?? 0) * 60 + (s ?? 0);
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

test('the chat’s bet confirmation, bet message, round posts and mute notice fit 320 and 390 px in every language', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const plan = await beginnerRoom(request);
  const member = await newMember(request, 'cs');
  await fund(request, member, '500');

  for (const language of LANGUAGES) {
    await enterRoom(page, member, plan, language);
    await bettingTimeLeft(page, 12);
    await page.getByTestId('chat-input').fill('大20 单20');
    await page.getByTestId('chat-send').click();
    const confirm = page.getByTestId('chat-bet-confirm');
    await expect(confirm.getByTestId('chat-bet-line')).toHaveCount(2);
    await shootAtWidths(page, testInfo, `chat-confirm-${language}`);

    await confirm.getByTestId('chat-bet-place').click();
    await expect(confirm).toBeHidden();
    const mine = page.locator('[data-testid=chat-bet-message][data-mine=true]').last();
    await expect(mine.getByTestId('chat-bet-order')).toHaveCount(2, { timeout: 10_000 });
    await inMiddle(mine);
    await shootAtWidths(page, testInfo, `chat-bet-message-${language}`);
  }

  // The round's posts: the list with its hash and link, once a round this room played has closed.
  const listPost = page.locator('[data-testid=chat-message][data-key="chat.round.list"]').last();
  await expect(listPost.getByTestId('system-list-link')).toBeVisible({ timeout: 60_000 });
  for (const language of LANGUAGES) {
    await enterRoom(page, member, plan, language);
    await inMiddle(page.locator('[data-testid=chat-message][data-key="chat.round.list"]').last());
    await shootAtWidths(page, testInfo, `chat-round-posts-${language}`);
  }

  // Muted by an operator: the notice stands where the input was, with until when and why.
  const token = await operatorToken(request);
  const admin = async (path: string, data: Record<string, unknown>) => {
    const body = await (await request.post(path, { headers: { token }, data })).json();
    expect(body.code, `${path} ${JSON.stringify(body)}`).toBe(1);
  };
  await admin('/api/admin/chatMute', { user_id: member.userId, minutes: 90, reason: 'flooding the room with the same words', shadow: false });
  try {
    for (const language of LANGUAGES) {
      await enterRoom(page, member, plan, language);
      await expect(page.getByTestId('chat-blocked')).toContainText('flooding the room with the same words');
      await expect(page.getByTestId('chat-input')).toHaveCount(0);
      await shootAtWidths(page, testInfo, `chat-muted-${language}`);
    }
  } finally {
    await admin('/api/admin/chatUnmute', { user_id: member.userId });
  }
});
