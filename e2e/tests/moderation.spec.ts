/**
 * Chat moderation in the browser (docs/chat.md#moderation): an operator removes a message, and every
 * viewer sees "removed by the operator" in its place, live; a muted player sees until when instead of
 * the input, live too; the room follows the operator's changes of its state live (chat off, a pin, slow mode).
 */
import { expect, test } from '@playwright/test';
import { newMember } from './members';
import { operatorToken } from './operator';
import { beginnerRoom, roomAs } from './room';

test('a deleted message reads "removed by the operator" for everyone; a mute shows until when', async ({ browser, request }) => {
  // Two players' browsers and an operator on the shared machine.
  test.setTimeout(150_000);
  const plan = await beginnerRoom(request);
  const [alice, bob] = [await newMember(request, 'ma'), await newMember(request, 'mb')];
  const a = await roomAs(browser, alice, plan, 'en');
  const b = await roomAs(browser, bob, plan, 'en');

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
  // Pushed to the muted player's own stream: the notice replaces the input at once, before any post.
  await expect(a.getByTestId('chat-blocked')).toContainText(/You are banned from chatting until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(rudeness\)/, {
    timeout: 5000,
  });
  await expect(a.getByTestId('chat-input')).toHaveCount(0);
});

test('the room follows the operator live: chat off shows the notice, a pin comes and goes, slow mode is said', async ({ browser, request }) => {
  const plan = await beginnerRoom(request);
  const viewer = await newMember(request, 'mv');
  const page = await roomAs(browser, viewer, plan, 'en');
  // Pushed on the stream (docs/chat.md#live-room-state): the room does not read chat.list for it. Once the
  // stream is live the room reads chat.list once more, for what was posted before it subscribed; counted
  // from when that catch-up is over.
  const pending = new Set<unknown>();
  let reads = 0;
  page.on('request', (r) => {
    if (!r.url().includes('/api/chat/list')) return;
    reads++;
    pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  await expect(page.locator('.room-layout')).toHaveAttribute('data-stream', 'live');
  // A frame later the effect that starts the catch-up has run (React runs it after the commit).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect.poll(() => pending.size).toBe(0);
  reads = 0;
  const token = await operatorToken(request);
  const admin = async (path: string, data: Record<string, unknown>) => {
    const body = await (await request.post(path, { headers: { token }, data })).json();
    expect(body.code, `${path} ${JSON.stringify(body)}`).toBe(1);
  };
  const settings = { plan_id: plan, enabled: true, muted: false, slow_mode_seconds: 0, gate_settled_bet: false, gate_account_hours: 0 };
  try {
    await admin('/api/admin/chatRoomUpdate', { ...settings, enabled: false });
    await expect(page.getByTestId('chat-blocked')).toHaveText('The system has banned chat, please choose to buy', { timeout: 5000 });
    await expect(page.getByTestId('chat-input')).toHaveCount(0);

    await admin('/api/admin/chatPin', { plan_id: plan, text: 'Draw every 30 seconds' });
    await expect(page.getByTestId('chat-pinned')).toContainText('Draw every 30 seconds', { timeout: 5000 });

    await admin('/api/admin/chatRoomUpdate', { ...settings, slow_mode_seconds: 30 });
    await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 5000 });
    await expect(page.getByTestId('chat-rule-slow')).toHaveText('Slow mode: one message every 30 seconds');

    await admin('/api/admin/chatUnpin', { plan_id: plan });
    await expect(page.getByTestId('chat-pinned')).toHaveCount(0, { timeout: 5000 });
    expect(reads).toBe(0);
  } finally {
    await admin('/api/admin/chatRoomUpdate', settings);
    await admin('/api/admin/chatUnpin', { plan_id: plan });
  }
});
