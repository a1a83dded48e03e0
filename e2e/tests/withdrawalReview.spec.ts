import { expect, test, type APIRequestContext } from '@playwright/test';
import { consoleButton, operatorToken } from './operator';
import { SECURITY_CODE, readyToWithdraw } from './members';

/**
 * The risk before a withdrawal is approved (docs/operations.md): the queue row links to the player and
 * shows their deposits against what they played, how long the payout account has been theirs and the
 * other players sharing an address; the approve dialog restates amount, account and holder, and the
 * player can then no longer take it back.
 */

async function must(request: APIRequestContext, path: string, data: Record<string, unknown>, token: string) {
  const res = (await (await request.post(path, { headers: { token }, data: { lang: 'en', ...data } })).json()) as { code: number; data: any };
  expect(res.code, `${path}: ${JSON.stringify(res)}`).toBe(1);
  return res.data;
}

test('an operator weighs a withdrawal’s risk in the queue, then approves it in a dialog that restates amount, account and holder', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const player = await readyToWithdraw(request, '300');
  await must(request, '/api/user/withdrawAction', { type: 0, money: '120', securityCode: SECURITY_CODE }, player.token);

  const admin = await operatorToken(request);
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  await ctx.addInitScript((t) => sessionStorage.setItem('lucky28.console.token', t), admin);
  const op = await ctx.newPage();
  await op.goto('/admin/queues/withdrawals');
  await expect(op.getByRole('main')).toBeVisible({ timeout: 45_000 });
  const row = op.getByRole('row').filter({ hasText: player.username });

  await test.step('the row shows the risk: 300 u deposited, nothing played, an account bound today, players sharing the address', async () => {
    const risk = row.getByTestId('withdrawal-risk');
    await expect(risk).toContainText('充值 300.00（1 笔）');
    await expect(risk).toContainText('流水 0.00');
    await expect(risk).toContainText('流水低于充值');
    await expect(risk).toContainText('账户在申请前不到一天绑定');
    // Every player of the suite signs up from the loopback address: the shared address is a fact here.
    await expect(risk.getByTestId('risk-shared')).toContainText(/\d+ 名其他玩家使用相同地址或设备/);
    await expect(row.getByRole('link', { name: `${player.username} (#${player.userId})` })).toHaveAttribute('href', `/admin/users/${player.userId}`);
  });

  await test.step('approving opens a dialog that restates the amount, the account and the holder; confirmed, the row leaves the queue', async () => {
    await row.getByRole('button', { name: consoleButton('通过') }).click();
    const dialog = op.getByRole('dialog');
    await expect(dialog).toContainText('请确认已打款后再通过');
    await expect(dialog).toContainText('金额：120.00');
    await expect(dialog).toContainText('账户：银行卡 Lucky Bank 6222020200112233');
    await expect(dialog).toContainText('户名：王小明');
    await dialog.getByRole('button', { name: consoleButton('确定') }).click();
    await expect(op.getByRole('row').filter({ hasText: player.username })).toHaveCount(0);
  });
  await ctx.close();

  await test.step('paid out, the withdrawal can no longer be taken back, and the balance stays 300 − 120', async () => {
    const reverse = (await (await request.post('/api/user/withdrawReverse', { headers: { token: player.token }, data: { lang: 'en' } })).json()) as {
      code: number;
    };
    expect(reverse.code).toBe(0);
    expect((await must(request, '/api/user/userInfo', {}, player.token)).money).toBe('180.00');
  });
});
