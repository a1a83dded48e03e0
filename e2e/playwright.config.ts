import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Playwright against the real server (PGlite in a fresh temporary directory) serving the built
 * player app; Debian's Chromium, never a downloaded browser. `npm run test:e2e` at the root builds
 * the app first.
 */
const PORT = Number(process.env.E2E_PORT ?? 8091);
// Workers inherit the environment, so the server and every worker agree on one data directory.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-e2e-'));
export const DEMO_PASSWORD = 'demo-e2e-password';
/** The first operator's password (the wallet spec approves deposits through the operator API). */
export const OPERATOR_PASSWORD = 'operator-e2e-password';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-TW',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  webServer: {
    command: 'npm run start -w apps/server',
    cwd: '..',
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_PASSWORD,
      OPERATOR_PASSWORD,
      LOG_LEVEL: 'warn',
      // Short rounds so the game spec sees a draw within seconds.
      ROUND_SECONDS: '30',
      CLOSE_BEFORE_SECONDS: '5',
      // Every spec registers its players from 127.0.0.1: the per-IP limits would refuse the suite's 21st.
      RATE_LIMIT_FACTOR: '20',
    },
  },
});
