import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { consoleButton, operatorToken } from './operator';
import { fund, newMember, openAs, type Member } from './members';
import { PASSWORD, newUsername } from './ui';

/**
 * Balance adjustments through the console and the player app (docs/operations.md#balance-adjustments):
 * a small credit posted at once and read by the player with its public text; a debit above the
 * four-eyes amount held, refused to its requester, approved in the console's queue by a second operator
 * (finance, with TOTP) and then read by the player; a gift reversed once.
 */

async function call(request: APIRequestContext, path: string, data: Record<string, unknown>, token: string) {
  return (await (await request.post(path, { headers: { token }, data: { lang: 'en', ...data } })).json()) as {
    code: number;
    msg: string;
    field?: string;
    data: any;
  };
}

async function must(request: APIRequestContext, path: string, data: Record<string, unknown>, token: string) {
  const res = await call(request, path, data, token);
  expect(res.code, `${path}: ${JSON.stringify(res)}`).toBe(1);
  return res.data;
}

/** A second operator of `role`, created by the first, signed in and enrolled in TOTP: its token. */
async function secondOperator(request: APIRequestContext, admin: string, role: string): Promise<string> {
  const username = newUsername('op');
  await must(request, '/api/admin/operatorCreate', { username, password: PASSWORD, role }, admin);
  const login = await (await request.post('/api/admin/login', { data: { username, password: PASSWORD, lang: 'en' } })).json();
  expect(login.code, JSON.stringify(login)).toBe(1);
  const token = login.data.token as string;
  if (!login.data.operator.totp_enabled) {
    const secret = new Secret({ size: 20 }).base32;
    const otp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    await must(request, '/api/admin/totpEnable', { secret, otp, password: PASSWORD }, token);
  }
  return token;
}

/** The console (desktop, simplified Chinese) signed in with `token`, at `path`. */
async function openConsole(browser: Browser, token: string, path: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  await ctx.addInitScript((t) => sessionStorage.setItem('lucky28.console.token', t), token);
  const page = await ctx.newPage();
  await page.goto(`/admin${path}`);
  // The console's shell and the screen's chunk on a loaded machine: the first load can take a while.
  await expect(page.getByRole('main')).toBeVisible({ timeout: 45_000 });
  return page;
}

/** The player's type-12 rows in their fund details (today), newest first. */
async function adjustmentRows(page: Page, member: Member) {
  await openAs(page, member, 'zh-TW', '/capitalDetail?type=12');
  return page.getByTestId('ledger-row').filter({ has: page.getByTestId('ledger-adjustment-text') });
}

test('an operator corrects a balance: a credit at once, a debit above the four-eyes amount approved by a second operator, a gift reversed once', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await operatorToken(request);
  const player = await newMember(request, 'adj');
  await fund(request, player, '2000');

  await test.step('the operator credits 5 u with a reason and a public text in the console; the player reads it in the fund details', async () => {
    const op = await openConsole(browser, admin, `/users/${player.userId}`);
    await op.getByRole('button', { name: consoleButton('调整余额') }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByText('增加', { exact: true }).click();
    await dialog.getByLabel('金额').fill('5');
    await dialog.getByText('更正', { exact: true }).click();
    await dialog.getByLabel('玩家可见的说明').fill('派彩更正 #E2E');
    await dialog.getByLabel('内部备注（仅操作员可见）').fill('ticket 4711');
    await dialog.getByRole('button', { name: consoleButton('确定') }).click();
    await expect(dialog).toHaveCount(0);
    await op.context().close();

    const rows = await adjustmentRows(page, player);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('派彩更正 #E2E');
    await expect(rows.first().getByTestId('ledger-quantity')).toHaveText('+5.00');
    await expect(rows.first()).not.toContainText('ticket 4711');
  });

  let held = 0;
  await test.step('a debit of 1,500 u (above the 1,000 u four-eyes amount) is held; its requester cannot approve it', async () => {
    const debit = await must(
      request,
      '/api/admin/userAdjust',
      { id: player.userId, direction: 'debit', amount: '1500', wallet: 'money', reason_code: 'chargeback', public_text: '充值退單 #E2E', note: '' },
      admin,
    );
    expect(debit.status).toBe(0);
    held = debit.id;
    const own = await call(request, '/api/admin/adjustmentApprove', { id: held }, admin);
    expect([own.code, own.field]).toEqual([0, 'id']);
    // The held money is out of the balance the player can bet or withdraw: 2,000 + 5 − 1,500.
    expect((await must(request, '/api/user/userInfo', {}, player.token)).money).toBe('505.00');
  });

  await test.step('a second operator (finance, with TOTP) approves it in the console queue; the player reads the debit', async () => {
    const finance = await secondOperator(request, admin, 'finance');
    const op = await openConsole(browser, finance, '/adjustments');
    const row = op.getByRole('row').filter({ hasText: player.username });
    await expect(row).toContainText('-1500.00');
    await row.getByRole('button', { name: consoleButton('通过') }).click();
    await op.getByRole('button', { name: consoleButton('确定') }).click();
    await expect(op.getByRole('row').filter({ hasText: player.username })).toHaveCount(0);
    await op.context().close();

    const rows = await adjustmentRows(page, player);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '充值退單 #E2E' }).getByTestId('ledger-quantity')).toHaveText('-1500.00');
  });

  await test.step('a mistaken gift is reversed once: the second reversal of the same gift is refused', async () => {
    await must(request, '/api/admin/userGift', { id: player.userId, amount: '88', reason: 'E2E gift' }, admin);
    const ledger = await must(request, '/api/admin/userLedger', { id: player.userId, type: 4 }, admin);
    const giftId = (ledger.list as { id: number; quantity: string }[]).find((r) => r.quantity === '88.00')!.id;
    const reversal = {
      id: player.userId,
      direction: 'debit',
      amount: '88',
      wallet: 'money',
      reason_code: 'gift_reversal',
      public_text: '撤回誤發的贈送',
      note: '',
      gift_ledger_id: giftId,
    };
    expect((await must(request, '/api/admin/userAdjust', reversal, admin)).status).toBe(1);
    const again = await call(request, '/api/admin/userAdjust', reversal, admin);
    expect([again.code, again.field]).toEqual([0, 'gift_ledger_id']);
    const rows = await adjustmentRows(page, player);
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: '撤回誤發的贈送' }).getByTestId('ledger-quantity')).toHaveText('-88.00');
  });
});

test('the players list downloads as CSV from the console: UTF-8 with a BOM, a formula-like nickname neutralised', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await operatorToken(request);
  const player = await newMember(request, 'csv');
  await must(request, '/api/user/profile', { nickname: '=1+2' }, player.token);
  const op = await openConsole(browser, admin, '/users');
  const [file] = await Promise.all([op.waitForEvent('download'), op.getByRole('button', { name: consoleButton('导出 CSV') }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const line = bytes
    .toString('utf8')
    .split('\r\n')
    .find((l) => l.includes(player.username));
  expect(line, 'the new player is in the file').toBeTruthy();
  expect(line).toContain(",'=1+2,");
  await op.context().close();
});
