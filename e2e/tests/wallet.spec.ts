import { expect, test, type APIRequestContext } from '@playwright/test';
import { operatorToken } from './operator';
import { newUsername, playAsGuest, ready, registerThroughUi, typeCode } from './ui';

/** Deposit with a screenshot, operator approval, ledger, security code, withdrawal of 100 through the popup. */
/** A real 1×1 PNG: the server judges uploads by their content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The operator side, through the operator API (the console's own screens have their spec in admin.spec.ts). */
async function approveDepositOf(request: APIRequestContext, username: string): Promise<void> {
  const headers = { token: await operatorToken(request) };
  const queue = await (await request.post('/api/admin/depositList', { headers, data: {} })).json();
  const deposit = (queue.data as { id: number; username: string; amount: string; screenshot: string }[]).find((d) => d.username === username);
  expect(deposit, 'the deposit request is in the operators’ queue').toBeTruthy();
  expect(deposit!.amount).toBe('300.00');
  // The operator can open the private screenshot; without a token nobody can.
  expect((await request.get(deposit!.screenshot, { headers })).status()).toBe(200);
  expect((await request.get(deposit!.screenshot)).status()).toBe(401);
  const approved = await (await request.post('/api/admin/depositApprove', { headers, data: { id: deposit!.id } })).json();
  expect(approved.code, JSON.stringify(approved)).toBe(1);
}

test('deposit with a screenshot, operator approval, then a 100 u withdrawal through the security-code popup', async ({ page, request }, testInfo) => {
  const username = newUsername('w');

  await test.step('register', async () => {
    await registerThroughUi(page, username);
  });

  await test.step('the deposit screen shows the USDT address and bank details; a text file is refused as a screenshot', async () => {
    await page.goto('/recharge');
    await expect(page.getByTestId('usdt-address')).toHaveText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await expect(page.getByTestId('bank-number')).toHaveText('6222 0000 1234 5678');
    await page.getByTestId('open-deposit').click();
    await page.getByTestId('deposit-amount').locator('input').fill('300');
    await page.getByTestId('deposit-screenshot-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.getByText('請選擇圖片檔案（PNG、JPEG、WebP 或 GIF）')).toBeVisible();
  });

  await test.step('request a deposit of 300 with a screenshot', async () => {
    await page.getByTestId('deposit-screenshot-input').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('deposit-screenshot-preview')).toBeVisible();
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByText('充值申請已提交，等待審核')).toBeVisible();
  });

  await test.step('it is pending in the fund details, not yet in the balance', async () => {
    await page.goto('/capitalDetail');
    const row = page.getByTestId('ledger-row').first();
    await expect(row).toContainText('充值');
    await expect(row.getByTestId('ledger-quantity')).toHaveText('+300.00');
    await expect(row.getByTestId('ledger-status')).toHaveText('審核中');
    await expect(row).toContainText('尚未入帳');
  });

  await test.step('an operator approves it through the API', async () => {
    await approveDepositOf(request, username);
  });

  await test.step('the user sees the balance and the passed ledger row', async () => {
    await page.goto('/recharge');
    await expect(page.getByTestId('recharge-money')).toHaveText('300.00');
    await ready(page);
    await page.screenshot({ path: testInfo.outputPath('recharge.png') });
    await page.goto('/capitalDetail');
    const row = page.getByTestId('ledger-row').first();
    await expect(row.getByTestId('ledger-status')).toHaveText('已通過');
    await expect(row).toContainText('餘額 300.00 u');
  });

  await test.step('withdraw asks for the ID number first (docs/product.md#validation-rules), then a bank card, then a security code', async () => {
    await page.goto('/withdraw');
    await expect(page.getByTestId('withdraw-money')).toContainText('300.00');
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page).toHaveURL(/\/baseinfo$/);
    // The once-only number: its document, then a confirmation of exactly what is stored.
    await page.getByRole('option', { name: '大陸' }).click();
    await page.getByTestId('baseinfo-idcard-input').locator('input').fill('110101199003071233');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByTestId('idcard-confirm-value')).toHaveText('110101199003071233');
    await page.getByRole('button', { name: '確認儲存' }).click();
    await expect(page.getByText('設定成功')).toBeVisible();

    await page.goto('/withdraw');
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page).toHaveURL(/\/bankCardManage\?type=0$/);
    await page.getByTestId('add-pay-account').click();
    await page.getByPlaceholder('請輸入持卡人姓名').fill('王小明');
    await page.getByPlaceholder('請輸入銀行卡號').fill('6222020200112233');
    await page.getByPlaceholder('請輸入銀行名稱').fill('Lucky Bank');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.getByTestId('bound-card')).toBeVisible();

    await page.goto('/withdraw');
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page).toHaveURL(/\/setSecurityCode\?isTrue$/);
    await expect(page.getByTestId('code-step')).toHaveText('請設定 6 位數字安全碼');
    await typeCode(page, '135790');
    await expect(page.getByTestId('code-step')).toHaveText('請再次輸入新的安全碼');
    await typeCode(page, '135790');
    await expect(page.getByText('設定成功')).toBeVisible();
  });

  await test.step('withdraw 100: below the minimum is refused, then the 6-digit popup sends it', async () => {
    await page.goto('/withdraw');
    await expect(page.getByTestId('withdraw-account-0')).toContainText('Lucky Bank');
    await page.getByTestId('withdraw-amount').locator('input').fill('99');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('最低提現金額為 100.00 u')).toBeVisible();
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('請輸入安全碼')).toBeVisible();
    await typeCode(page, '135790');
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText('提交成功');
    await expect(dialog).toContainText('提現已提交成功，等待審核');
    await page.screenshot({ path: testInfo.outputPath('withdraw-submitted.png') });
    await expect(page.locator('.adm-number-keyboard-key-number').first()).toBeHidden();
    await dialog.getByRole('button', { name: '確定' }).click();
    await expect(page).not.toHaveURL(/\/withdraw/);
  });

  await test.step('the pending withdrawal is in the fund details and the balance is 200', async () => {
    await page.goto('/capitalDetail');
    const row = page.getByTestId('ledger-row').first();
    await expect(row).toContainText('提現');
    await expect(row.getByTestId('ledger-quantity')).toHaveText('-100.00');
    await expect(row.getByTestId('ledger-status')).toHaveText('審核中');
    await expect(row).toContainText('餘額 200.00 u');
    await page.locator('.adm-capsule-tabs-tab', { hasText: '提現' }).click();
    await expect(page.getByTestId('ledger-row')).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('capital-detail.png') });
  });
});

test('guests get the members-only alert on the deposit and withdraw screens', async ({ page }) => {
  await playAsGuest(page);
  await page.goto('/Withdraw?group_id=2');
  await expect(page.locator('.adm-dialog')).toContainText('遊客請先註冊成為正式會員後再充值或提現。');
  await page.locator('.adm-dialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByTestId('guest-gate')).toBeVisible();
  await page.goto('/recharge');
  await expect(page.getByTestId('guest-gate')).toBeVisible();
  await expect(page.getByTestId('usdt-address')).toHaveCount(0);
});
