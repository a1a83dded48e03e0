/**
 * An invite is kept through guest mode (issue 42 item 6): a visitor opens a member's share link, goes
 * home and tries the app as a guest, is asked to register on the deposit screen, and registers in place —
 * the upgrade form shows the link's inviter, and the referrer counts the new member.
 */
import { expect, test } from '@playwright/test';
import { newMember } from './members';
import { PASSWORD, newUsername, ready } from './ui';

test('a visitor from a share link who tries guest mode first and registers in place is counted by its referrer', async ({ page }) => {
  test.setTimeout(120_000);
  const referrer = await newMember(page.request, 'ref');
  const invited = async () =>
    ((await (await page.request.post('/api/user/inviteInfo', { headers: { token: referrer.token }, data: {} })).json()).data as { invited: number }).invited;
  expect(await invited()).toBe(0);

  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('lucky28.language', JSON.stringify('en')));

  await test.step('the share link opens the registration form with the invitation code filled in', async () => {
    await page.goto(`/register?inviter_id=${referrer.userId}`);
    await ready(page);
    await expect(page.locator('input[name=inviter_id]')).toHaveValue(String(referrer.userId));
  });

  await test.step('the visitor goes home instead and tries the app as a guest', async () => {
    await page.locator('.auth-back').click();
    await expect(page).toHaveURL(/\/$/);
    await ready(page);
    await page.getByTestId('try-guest').click();
    await expect(page.getByTestId('try-guest')).toHaveCount(0);
    const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lucky28.session') ?? 'null') as { groupId: number });
    expect(session.groupId).toBe(2);
  });

  await test.step('the deposit screen tells the guest to register (Back closes the notice, not the screen); the upgrade form shows the link’s inviter', async () => {
    await page.goto('/recharge');
    await ready(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Guests must register as full members before depositing or withdrawing.');
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/recharge$/);
    await page.getByTestId('guest-gate').getByRole('button').click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('Become a member')).toBeVisible();
    await expect(page.locator('input[name=inviter_id]')).toHaveValue(String(referrer.userId));
  });

  await test.step('registered in place, the new member is the referrer’s invitee', async () => {
    await page.locator('input[name=username]').fill(newUsername('inv'));
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('input[name=confirm]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    // Back where it was asked from: the deposit screen, now a member's.
    await expect(page).toHaveURL(/\/recharge$/);
    const member = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lucky28.session') ?? 'null') as { groupId: number });
    expect(member.groupId).toBe(1);
    expect(await invited()).toBe(1);
    // The invite was used: this tab no longer keeps it.
    expect(await page.evaluate(() => sessionStorage.getItem('lucky28.invitedBy'))).toBeNull();
  });
});
