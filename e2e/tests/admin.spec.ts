import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPERATOR_PASSWORD } from '../playwright.config';
import { consoleButton, enrolledSecret, enrolmentCode, freshCode } from './operator';
import { PASSWORD, newUsername, ready } from './ui';

/** The operator console against the real server, with the player app beside it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BIG = 1;

async function must(request: APIRequestContext, url: string, data: Record<string, unknown>, token?: string) {
  const res = await (await request.post(url, { headers: token ? { token } : {}, data: { lang: 'en', ...data } })).json();
  expect(res.code, `${url}: ${JSON.stringify(res)}`).toBe(1);
  return res.data;
}

/** Signs in on /admin/login with a fresh TOTP code (enrolling first when the operator has none). */
async function signInToConsole(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: consoleButton('登录') }).click();
  const enrol = page.getByText('绑定双重验证');
  const otp = page.getByLabel('验证码');
  await expect(enrol.or(otp).first()).toBeVisible();
  if (await enrol.isVisible()) {
    // The QR code is drawn in the page; the key beside it is what an authenticator would read from it.
    await expect(page.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('验证码').fill(enrolmentCode(secret));
    await page.getByLabel('密码').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: consoleButton('启用') }).click();
    await expect(page.getByTestId('operator-menu')).toBeVisible();
    // Sign out, to sign in again the way every later sign-in goes: password, then a code.
    await page.getByTestId('operator-menu').click();
    await page.getByRole('menuitem', { name: '退出登录', exact: true }).click();
    await expect(page.getByLabel('用户名')).toBeVisible();
    return signInToConsole(page);
  }
  expect(enrolledSecret()).toBeTruthy();
  await otp.fill(await freshCode());
  await page.getByRole('button', { name: consoleButton('登录') }).click();
  await expect(page.getByTestId('operator-menu')).toBeVisible();
}

async function approveIn(page: Page, menu: string, username: string) {
  await page.getByRole('menuitem', { name: new RegExp(menu) }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: consoleButton('通过') }).click();
  await page.getByRole('button', { name: consoleButton('确定') }).click();
  await expect(row).toHaveCount(0);
}

test('an operator signs in with TOTP, approves a deposit and a withdrawal, changes a stake limit; the player app shows both', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const username = newUsername('c');
  let token = '';
  await test.step('a player asks for a 300 u deposit and prepares a withdrawal (through the API)', async () => {
    token = (await must(request, '/api/user/register', { username, password: PASSWORD, repassword: PASSWORD })).userinfo.token;
    const up = await (
      await request.post('/api/common/upload', {
        headers: { token },
        multipart: { type: 'recharge_screenshot', lang: 'en', file: { name: 'shot.png', mimeType: 'image/png', buffer: PNG } },
      })
    ).json();
    expect(up.code, JSON.stringify(up)).toBe(1);
    await must(request, '/api/user/depositRequest', { money: '300', channel: 'usdt', screenshot: up.data.url }, token);
    await must(request, '/api/user/profile', { idcard: '110101199003077774' }, token);
    await must(request, '/api/user/setPayInfo', { type: 0, acc: 'Zhang San', acc_name: '6222020200112233', acc_bank: 'ICBC' }, token);
    await must(request, '/api/user/setSafety', { new_code: '123456' }, token);
  });

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, locale: 'zh-CN' });
  const op = await ctx.newPage();
  await test.step('the operator signs in with a TOTP code', async () => {
    await signInToConsole(op);
  });

  await test.step('the deposit queue shows the screenshot; the operator approves the deposit', async () => {
    await op.getByRole('menuitem', { name: /充值审核/ }).click();
    const row = op.getByRole('row').filter({ hasText: username });
    await expect(row.getByRole('img', { name: '转账截图' })).toBeVisible();
    await approveIn(op, '充值审核', username);
  });

  await test.step('the player withdraws 100 u; the operator approves the withdrawal', async () => {
    await must(request, '/api/user/withdrawAction', { type: 0, money: '100', securityCode: '123456' }, token);
    await op.getByRole('menuitem', { name: /提现审核/ }).click();
    await expect(op.getByRole('row').filter({ hasText: username })).toContainText('6222020200112233');
    await approveIn(op, '提现审核', username);
  });

  const hall = (await (await request.post('/api/Lottery/index', { data: { game_id: 7, lang: 'zh' } })).json()) as {
    data: { gameList: { planList: { id: number; type: number }[] }[] };
  };
  const plan = hall.data.gameList[0]!.planList.find((p) => p.type === 0)!.id;
  await test.step('the operator sets the beginner room’s maximum stake on big to 777', async () => {
    await op.getByRole('menuitem', { name: /游戏与房间/ }).click();
    await op.getByTestId(`edit-room-${plan}`).click();
    const max = op.getByLabel('大 单注最高', { exact: true });
    await max.fill('777');
    await op
      .getByRole('button', { name: consoleButton('保存') })
      .last()
      .click();
    await expect(op.getByText('已保存，下一期生效')).toBeVisible();
  });
  const versionLabel = `21.${String(Date.now() % 100).padStart(2, '0')}.${String(Math.floor(Math.random() * 90) + 10)}`;
  await test.step('the operator sets the version label players see', async () => {
    await op.getByRole('menuitem', { name: /^设置$/ }).click();
    const field = op.getByLabel('版本标签');
    await field.fill(versionLabel);
    await op.getByRole('button', { name: consoleButton('保存') }).click();
    // Earlier saves' notices may still be on screen: the newest is the last.
    await expect(op.getByText('操作成功').last()).toBeVisible();
  });
  await ctx.close();

  await test.step('from the next round the server offers the new limit', async () => {
    await expect(async () => {
      const odds = await (await request.post('/api/Lottery/oddsList', { data: { plan_id: plan, lang: 'en' } })).json();
      expect(odds.data.rule_base.find((r: { class: number }) => r.class === BIG).max).toBe('777.00');
    }).toPass({ timeout: 45_000, intervals: [1000] });
  });

  await test.step('the player app shows the new balance and refuses a stake above the new limit', async () => {
    await page.goto('/login');
    await ready(page);
    await page.getByPlaceholder('請輸入用戶名').fill(username);
    await page.getByPlaceholder('請輸入密碼').fill(PASSWORD);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/betRoom?id=${plan}&game_id=7`);
    await ready(page);
    await expect(page.getByTestId('room-balance')).toHaveText('200.00');
    await page.getByTestId('open-bet-panel').click();
    await page.getByTestId(`bet-class-${BIG}`).click();
    await page.locator('.bp-chip', { hasText: '自定義' }).click();
    await page.getByTestId('bet-amount').locator('input').fill('900');
    await page.getByTestId('bet-submit').click();
    await expect(page.getByText('大：投注金額須在 10.00 至 777.00 之間')).toBeVisible();
  });

  await test.step('the player app shows the new version label, without a restart', async () => {
    await page.goto('/about');
    await ready(page);
    await expect(page.getByTestId('about-version')).toContainText(versionLabel);
  });
});
