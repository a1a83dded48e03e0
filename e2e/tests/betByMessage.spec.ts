/**
 * Bet by message in the browser (docs/chat.md#bet-by-message): a player types two bets into the room's
 * chat, confirms them, and both players see the one bet message made from the committed orders.
 */
import { expect, test } from '@playwright/test';
import { fund, newMember } from './members';
import { beginnerRoom, roomAs } from './room';

test('a player types "大100 小双50", confirms, and both players see the bet message', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const plan = await beginnerRoom(request);
  const [alice, bob] = [await newMember(request, 'ba'), await newMember(request, 'bb')];
  await fund(request, alice, '500');
  const a = await roomAs(browser, alice, plan);
  const b = await roomAs(browser, bob, plan);

  // Betting open (a round may be in its closing seconds).
  await expect(a.getByTestId('open-bet-panel')).toBeVisible({ timeout: 60_000 });
  await a.getByTestId('chat-input').fill('大100 小双50');
  await a.getByTestId('chat-send').click();
  const confirm = a.getByTestId('chat-bet-confirm');
  await expect(confirm.getByTestId('chat-bet-line')).toHaveCount(2);
  await expect(confirm.getByTestId('chat-bet-total')).toHaveText('150.00');
  await expect(confirm.getByTestId('chat-bet-balance-after')).toHaveText('350.00');
  await confirm.getByTestId('chat-bet-place').dblclick();

  const mine = a.locator('[data-testid=chat-bet-message][data-mine=true]');
  await expect(mine).toHaveCount(1, { timeout: 5000 });
  await expect(mine.getByTestId('chat-bet-order')).toHaveCount(2);
  const seen = b.getByTestId('chat-bet-message');
  await expect(seen).toHaveCount(1, { timeout: 5000 });
  await expect(seen).toHaveAttribute('data-mine', 'false');
  await expect(seen).toContainText('100.00');
  await expect(seen).toContainText('50.00');
  await expect(seen).not.toContainText(alice.username);
  // Placed once (a double tap): the balance went down by the slip once; no text message was posted.
  await expect(a.getByTestId('room-balance')).toHaveText('350.00');
  await expect(b.getByTestId('chat-message').filter({ hasText: '大100' })).toHaveCount(0);
});
