/**
 * The move from the previous product (docs/import.md), in the browser: a source database of the old
 * product in MariaDB (the importer's test generator), `npm run import:pc28 -- --open` into a fresh data
 * directory, then the real server on it (E2E_PORT + 5). An imported player signs in with the old
 * password, sees the old history marked "before the move", bets, and withdraws with the old security
 * code; a renamed player is told the new name. Needs MariaDB (127.0.0.1:3306, root), as CI has.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createSourceDatabase, fillSource, MYSQL_SERVER, type Generated, type SourceDb } from '../../apps/server/test/import/pc28Source';
import { DEMO_PASSWORD, OPERATOR_PASSWORD } from '../playwright.config';
import { ready, typeCode } from './ui';
import { placeBet } from './members';

const PORT = Number(process.env.E2E_PORT ?? 8091) + 5;
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_DIR = path.resolve(import.meta.dirname, '../../apps/server');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-e2e-import-'));
const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  DEMO_PASSWORD,
  OPERATOR_PASSWORD,
  LOG_LEVEL: 'warn',
  ROUND_SECONDS: '30',
  CLOSE_BEFORE_SECONDS: '5',
  RATE_LIMIT_FACTOR: '20',
};

let source: SourceDb;
let gen: Generated;
let server: ChildProcess | undefined;

function run(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

test.use({ baseURL: BASE });
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  try {
    source = await createSourceDatabase('pc28_e2e');
  } catch (err) {
    throw new Error(`The import spec needs MariaDB at ${MYSQL_SERVER} (root, no password), as CI has: ${(err as Error).message}`);
  }
  // The history of the last days, so the bet record's "7 days" finds it.
  gen = await fillSource(source.conn, { bulk: 2, t0: Math.floor(Date.now() / 1000) - 4 * 86_400 });
  const imported = await run(['scripts/importPc28.ts', '--from', source.url, '--open']);
  expect(imported.code, imported.out).toBe(0);
  expect(imported.out).toContain('balances equal to the cent');
  expect(imported.out).toContain('reconciliation: clean');
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server on the imported database did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await source?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an imported player signs in with the old password, sees the old history, bets and withdraws with the old security code', async ({ page, request }) => {
  const alice = gen.p.alice!;
  await test.step('sign in with the password of the previous site', async () => {
    await page.goto('/login');
    await ready(page);
    await page.getByPlaceholder('請輸入用戶名').fill('alice');
    await page.getByPlaceholder('請輸入密碼').fill(alice.password);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  });

  await test.step('the old bets are in the bet record, marked before the move, their draws not verifiable', async () => {
    await page.goto('/betRecord');
    await page.getByTestId('date-preset-week').click();
    await expect(page.getByTestId('order-legacy')).toHaveCount(5);
    await expect(page.getByTestId('order-row').first()).toContainText('遷移前');
    await page.getByTestId('order-row').first().click();
    await expect(page.getByTestId('detail-legacy')).toContainText('原平台開獎，無法驗證');
    await expect(page.getByTestId('detail-verify')).toHaveCount(0);
  });

  await test.step('the fund details: the moved balance today, the old rows in the week', async () => {
    await page.goto('/capitalDetail');
    await expect(page.getByTestId('ledger-row').filter({ hasText: '遷移餘額' })).toHaveCount(2);
    await page.getByTestId('date-preset-week').click();
    await expect(page.getByTestId('ledger-legacy').first()).toBeVisible();
    await expect(
      page
        .getByTestId('ledger-row')
        .filter({ has: page.getByTestId('ledger-legacy') })
        .first(),
    ).toContainText('現金餘額');
  });

  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lucky28.rememberedSession') ?? sessionStorage.getItem('lucky28.session') ?? '{}'));
  expect(session.token).toBeTruthy();

  await test.step('bets here', async () => {
    // Room 1: the first game's (7) beginner room, as the first start seeds them.
    await placeBet(request, { token: session.token, userId: session.userId, username: 'alice' }, { planId: 1, gameId: 7, playType: '1', money: '20' });
    await page.goto('/betRecord');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-legacy')).toHaveCount(0);
  });

  await test.step('withdraws with the security code of the previous site', async () => {
    await page.goto('/withdraw');
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page).toHaveURL(/\/baseinfo$/);
    await page.getByRole('option', { name: '大陸' }).click();
    await page.getByTestId('baseinfo-idcard-input').locator('input').fill('110101199003071233');
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByRole('button', { name: '確認儲存' }).click();
    await expect(page.getByText('設定成功')).toBeVisible();
    await page.goto('/withdraw');
    await expect(page.getByTestId('withdraw-account-0')).toContainText('工商银行');
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('請輸入安全碼')).toBeVisible();
    await typeCode(page, alice.code);
    await expect(page.locator('.adm-dialog')).toContainText('提現已提交成功，等待審核');
  });
});

test('a renamed player signs in with the old name and is told the new one', async ({ page }) => {
  const p = gen.p.unicode!;
  await page.goto('/login');
  await ready(page);
  await page.getByPlaceholder('請輸入用戶名').fill('张伟888');
  await page.getByPlaceholder('請輸入密碼').fill(p.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.getByTestId('renamed-notice')).toContainText(`u888_${p.id}`);
  await page.locator('.adm-dialog').getByRole('button').click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
});
