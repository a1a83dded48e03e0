/**
 * The room chat in the browser (docs/chat.md): two players in one room, one posts and the other sees
 * it live over the stream, marked as the author's own only on the author's screen; a guest reads the
 * chat and is asked to register instead of posting.
 */
import { expect, test } from '@playwright/test';
import { newMember, openAs } from './members';
import { beginnerRoom, roomAs, roomPath } from './room';
import { playAsGuest } from './ui';

test('two players in one room: one posts, the other sees it live; a guest reads and cannot post', async ({ browser, request }, testInfo) => {
  const plan = await beginnerRoom(request);
  const [alice, bob] = [await newMember(request, 'ca'), await newMember(request, 'cb')];
  const a = await roomAs(browser, alice, plan);
  const b = await roomAs(browser, bob, plan);

  const text = `大家好 <b>${Date.now().toString(36)}</b> 🎲`;
  await a.getByTestId('chat-input').fill(text);
  await expect(a.getByTestId('chat-count')).toHaveText(`${[...text].length}/200`);
  await a.getByTestId('chat-send').click();
  await expect(a.getByTestId('chat-input')).toHaveValue('');

  // The author's own, marked; on the other player's screen, live (the stream), masked and not marked.
  const own = a.locator('[data-testid=chat-message][data-mine=true]').filter({ hasText: text });
  await expect(own).toHaveCount(1);
  await expect(own).toHaveClass(/room-bet-mine/);
  const seen = b.getByTestId('chat-message').filter({ hasText: text });
  await expect(seen).toHaveCount(1, { timeout: 3000 });
  await expect(seen).toHaveAttribute('data-mine', 'false');
  await expect(seen).not.toContainText(bob.username);
  await expect(seen).not.toContainText(alice.username);
  // Shown as text: no element made of what was typed.
  await expect(b.getByTestId('room-feed').locator('b')).toHaveCount(0);

  // Bob answers; Alice sees it once.
  await b.getByTestId('chat-input').fill('收到');
  await b.getByTestId('chat-input').press('Enter');
  await expect(a.getByTestId('chat-message').filter({ hasText: '收到' })).toHaveCount(1, { timeout: 3000 });

  // How the room looks with its timeline, at the narrowest phone and the design's width.
  for (const width of [320, 390]) {
    await a.setViewportSize({ width, height: width === 320 ? 568 : 844 });
    await a.getByTestId('chat-input').fill('一條還沒送出的訊息');
    const path = testInfo.outputPath(`chat-${width}.png`);
    await a.screenshot({ path });
    await testInfo.attach(`chat-${width}`, { path, contentType: 'image/png' });
    expect(await a.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  }

  // A guest reads the room's chat, and is asked to register when it wants to post.
  const guestContext = await browser.newContext();
  const g = await guestContext.newPage();
  await playAsGuest(g);
  await g.goto(roomPath(plan));
  await expect(g.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1);
  await expect(g.getByTestId('chat-input')).toHaveCount(0);
  await g.getByTestId('chat-guest').click();
  const dialog = g.locator('.adm-dialog');
  await expect(dialog).toContainText('遊客請先註冊成為正式會員');
  await expect(dialog.getByRole('button', { name: '立即註冊' })).toBeVisible();

  // Through the API too, a guest's post is refused and stores nothing.
  const token = await g.evaluate(() => {
    const raw = sessionStorage.getItem('lucky28.session') ?? localStorage.getItem('lucky28.rememberedSession') ?? '{}';
    return (JSON.parse(raw) as { token?: string }).token ?? '';
  });
  const refused = (await (await g.request.post('/api/chat/post', { headers: { token }, data: { plan_id: plan, text: 'guest here' } })).json()) as {
    code: number;
  };
  expect(refused.code).not.toBe(1);
  await expect(a.getByTestId('chat-message').filter({ hasText: 'guest here' })).toHaveCount(0);
});

test('without the stream the chat is polled after the last id and still shows new messages', async ({ browser, request }) => {
  const plan = await beginnerRoom(request);
  const [alice, bob] = [await newMember(request, 'cc'), await newMember(request, 'cd')];
  const a = await roomAs(browser, alice, plan);
  const context = await browser.newContext();
  const b = await context.newPage();
  await b.route('**/api/Lottery/stream**', (route) => route.abort());
  const afters: unknown[] = [];
  b.on('request', (r) => {
    if (r.url().includes('/api/chat/list')) afters.push((r.postDataJSON() as { after?: number } | null)?.after);
  });
  await openAs(b, bob, 'zh-TW', roomPath(plan));
  await expect(b.getByTestId('room-countdown')).toBeVisible();

  const text = `polled ${Date.now().toString(36)}`;
  await a.getByTestId('chat-input').fill(text);
  await a.getByTestId('chat-send').click();
  await expect(b.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1, { timeout: 6000 });
  expect(afters.some((x) => typeof x === 'number')).toBe(true);
});
