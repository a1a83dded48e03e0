/**
 * Chat moderation in the browser (docs/chat.md#moderation): an operator removes a message, and every
 * viewer sees "removed by the operator" in its place, live; a muted player sees until when instead of
 * the input.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newMember, openAs, type Member } from './members';
import { operatorToken } from './operator';

const AMERICA = 7;

async function beginnerRoom(request: APIRequestContext): Promise<number> {
  const hall = (await (await request.post('/api/Lottery/index', { data: { game_id: AMERICA } })).json()) as {
    data: { gameList: { planList: { id: number; type: number }[] }[] };
  };
  return hall.data.gameList[0]!.planList.find((p) => p.type === 0)!.id;
}

async function roomAs(browser: Browser, member: Member, plan: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const streamOpened = page.waitForResponse((r) => r.url().includes('/api/Lottery/stream') && r.status() === 200);
  await openAs(page, member, 'en', `/betRoom?id=${plan}&game_id=${AMERICA}`);
  await expect(page.getByTestId('room-countdown')).toBeVisible();
  await streamOpened;
  return page;
}

test('a deleted message reads "removed by the operator" for everyone; a mute shows until when', async ({ browser, request }) => {
  const plan = await beginnerRoom(request);
  const [alice, bob] = [await newMember(request, 'ma'), await newMember(request, 'mb')];
  const a = await roomAs(browser, alice, plan);
  const b = await roomAs(browser, bob, plan);

  const text = `rude ${Date.now().toString(36)}`;
  await a.getByTestId('chat-input').fill(text);
  await a.getByTestId('chat-send').click();
  await expect(b.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1, { timeout: 5000 });

  const token = await operatorToken(request);
  const messages = await (await request.post('/api/admin/chatMessages', { headers: { token }, data: { plan_id: plan } })).json();
  const posted = (messages.data.list as { id: number; text: string; user_id: number }[]).find((m) => m.text === text)!;
  const removed = await (await request.post('/api/admin/chatRemove', { headers: { token }, data: { message_id: posted.id } })).json();
  expect(removed.code, JSON.stringify(removed)).toBe(1);
  // Pushed: both screens replace the message, without reloading.
  for (const page of [a, b]) {
    const row = page.locator(`[data-testid=chat-message][data-removed=true]`);
    await expect(row).toContainText('Removed by the operator', { timeout: 5000 });
    await expect(page.getByTestId('room-feed')).not.toContainText(text);
  }

  const muted = await (
    await request.post('/api/admin/chatMute', { headers: { token }, data: { user_id: posted.user_id, minutes: 60, reason: 'rudeness', shadow: false } })
  ).json();
  expect(muted.code, JSON.stringify(muted)).toBe(1);
  await a.getByTestId('chat-input').fill('hello again');
  await a.getByTestId('chat-send').click();
  await expect(a.getByTestId('chat-blocked')).toContainText(/You are banned from chatting until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(rudeness\)/);
  await expect(a.getByTestId('chat-input')).toHaveCount(0);
});
