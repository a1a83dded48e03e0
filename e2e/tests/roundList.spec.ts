/**
 * The close list and its hash (docs/chat.md#the-rounds-posts, docs/design.md#the-accepted-bets-list): a
 * member bets in a room; when betting closes the room's chat shows, marked as the system and in the
 * player's language, the round's accepted-bets list as its count and SHA-256 with a link; the link opens
 * the fairness page, which downloads the list, recomputes the hash in the browser, finds it matches and
 * finds the player's own bet by its order number.
 */
import { expect, test } from '@playwright/test';
import { fund, newMember, openAs, placeBet } from './members';
import { AMERICA, beginnerRoom, roomPath } from './room';

test('the close list and its hash: posted in the room, checked on the fairness page', async ({ page, request }) => {
  test.setTimeout(150_000);
  const plan = await beginnerRoom(request);
  const member = await newMember(request, 'rl');
  await fund(request, member, '100');
  await openAs(page, member, 'en', roomPath(plan));
  await expect(page.getByTestId('room-countdown')).toBeVisible();
  const { issue } = await placeBet(request, member, { planId: plan, gameId: AMERICA, playType: '1', money: '10' });

  // The round's list, once betting closed (rounds of 30 s here): marked as the system, in English.
  const listPost = page.locator('[data-testid=chat-message][data-key="chat.round.list"]').filter({ hasText: issue });
  await expect(listPost).toHaveCount(1, { timeout: 60_000 });
  await expect(listPost.locator('.room-system-mark')).toHaveText('System');
  await expect(listPost).toContainText(`Round ${issue}:`);
  // "1 bet" or "n bets": other specs' players may bet in the room too.
  await expect(listPost).toContainText(/\d+ bets? accepted in this room/);
  const hash = (await listPost.getByTestId('system-hash').textContent())!;
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.locator('[data-testid=chat-message][data-key="chat.round.closed"]').filter({ hasText: issue })).toHaveCount(1);

  // The link opens the fairness page on that room's list; checked in the browser, it matches.
  await listPost.getByTestId('system-list-link').click();
  await expect(page).toHaveURL(new RegExp(`/fair\\?game_id=${AMERICA}&issue=${issue}&plan_id=${plan}`));
  await page.getByTestId('fair-bets-check').click();
  const verdict = page.getByTestId('fair-bets-verdict');
  await expect(verdict).toHaveAttribute('data-state', 'match');
  await expect(page.getByTestId('fair-bets-hash')).toHaveText(hash);

  // The player finds their own bet by its order number (from their bet history).
  const orders = (await (await request.post('/api/user/orderList', { headers: { token: member.token }, data: {} })).json()) as {
    data: { order_no: string; issue: string }[];
  };
  const orderNo = orders.data.find((o) => o.issue === issue)?.order_no;
  expect(orderNo).toBeTruthy();
  await page.getByTestId('fair-bets-order').locator('input').fill(orderNo!);
  await expect(page.getByTestId('fair-bets-own')).toContainText('In the list:');
  await expect(page.getByTestId('fair-bets-own')).toContainText('10.00');
});
