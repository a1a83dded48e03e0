/**
 * `npm run bench:slow-line`: the sign-in screen of the console and the player app's home on a slow
 * line — Debian's Chromium (Playwright) with the network emulated at 400 ms latency, 400 kbps down
 * and up (CDP Network.emulateNetworkConditions) — each loaded `BENCH_SLOW_LOADS` times (default 5)
 * in a fresh context (no cache). The figure is the median of performance.now() when the screen is
 * usable: the console's sign-in form interactable, the home's game cards and guest button shown.
 * Budgets: sign-in ≤ 8 s, home ≤ 5 s. In the same run, the same screens with the browser refusing
 * compression (Accept-Encoding: identity): what the build's brotli and gzip copies save
 * (scripts/precompress.ts). Needs a build (`npm run build`; the root script does it).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { seedDemoContent } from '../src/seed/demo.js';
import { scratchPglite } from './lib/database.js';
import { startServer } from './lib/processes.js';
import { fmt, Report } from './lib/report.js';

const LOADS = Number(process.env.BENCH_SLOW_LOADS ?? 5);
/** `BENCH_SLOW_IDENTITY=0` skips the uncompressed loads (three quarters of the run's time), for trying a change. */
const IDENTITY = process.env.BENCH_SLOW_IDENTITY !== '0';
const PORT = Number(process.env.BENCH_PORT ?? 8300);
const LINE = { latency: 400, kbps: 400 };
const PASSWORDS = { DEMO_PASSWORD: 'bench-demo-password', OPERATOR_PASSWORD: 'bench-operator-password' };

/** The page's document, as far as the check below reads it (it runs in the browser). */
declare const document: { querySelector(selector: string): { disabled?: boolean } | null; querySelectorAll(selector: string): { length: number } };

const SCREENS = [
  {
    name: "the console's sign-in",
    path: '/admin/login',
    budgetMs: 8000,
    // The form's fields and its button in the page, enabled: the operator can type and sign in.
    ready: ['input#username', 'input#password', 'button[type=submit]'],
  },
  {
    name: "the player app's home",
    path: '/',
    budgetMs: 5000,
    // The games' cards with their countdowns, and the guest's way in.
    ready: ['[data-testid=card-countdown]', '[data-testid=try-guest]'],
  },
] as const;

/** In the page: performance.now() once every selector names an enabled element (0 before). */
const usableAt = (ready: readonly string[]) =>
  ready.every((s) => {
    const el = document.querySelector(s);
    return el !== null && !el.disabled;
  })
    ? performance.now()
    : 0;

/** Playwright from the e2e workspace (the one place it is a dependency). */
function playwright(): typeof import('@playwright/test') {
  const require = createRequire(path.resolve(import.meta.dirname, '../../../e2e/package.json'));
  return require('@playwright/test') as typeof import('@playwright/test');
}

interface Load {
  usable: number;
  /** Bytes over the wire, and the encodings the scripts and styles came in. */
  bytes: number;
  encodings: Set<string>;
  /** Each response: its path, bytes over the wire and when it finished (ms from the navigation). */
  files: { path: string; kb: number; at: number }[];
}

async function load(browser: import('@playwright/test').Browser, url: string, ready: readonly string[], compressed: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINE.latency,
      downloadThroughput: (LINE.kbps * 1000) / 8,
      uploadThroughput: (LINE.kbps * 1000) / 8,
    });
    if (!compressed) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    let bytes = 0;
    const encodings = new Set<string>();
    const paths = new Map<string, string>();
    const files: Load['files'] = [];
    let start = 0;
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
      if (!start) start = e.timestamp;
      paths.set(e.requestId, new URL(e.request.url).pathname);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      bytes += e.encodedDataLength;
      files.push({ path: paths.get(e.requestId) ?? '?', kb: e.encodedDataLength / 1024, at: (e.timestamp - start) * 1000 });
    });
    cdp.on('Network.responseReceived', (e: { type: string; response: { headers: Record<string, string> } }) => {
      if (e.type === 'Script' || e.type === 'Stylesheet')
        encodings.add(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
    });
    await page.goto(url, { waitUntil: 'commit' });
    const usable = Number(await (await page.waitForFunction(usableAt, ready, { polling: 'raf', timeout: 180_000 })).jsonValue());
    return { usable, bytes, encodings, files };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const config = loadConfig({});
  for (const dist of [config.webDist, config.adminDist]) {
    if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is not built: npm run build first`);
  }
  const report = new Report();
  const database = scratchPglite();
  const setup = await database.open();
  await setup.migrate();
  await seedDemoContent(setup.db, { demoPassword: PASSWORDS.DEMO_PASSWORD, operatorPassword: PASSWORDS.OPERATOR_PASSWORD });
  await setup.close();
  const server = await startServer(PORT, { ...database.serverEnv, LOG_LEVEL: 'warn', ...PASSWORDS });
  const browser = await playwright().chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    report.info('line', `${LINE.latency} ms latency, ${LINE.kbps} kbps down and up (Chromium's network emulation); ${LOADS} loads each, no cache`);
    for (const screen of SCREENS) {
      const figures: Record<'compressed' | 'identity', Load[]> = { compressed: [], identity: [] };
      for (const mode of IDENTITY ? (['identity', 'compressed'] as const) : (['compressed'] as const)) {
        for (let i = 0; i < LOADS; i++) figures[mode].push(await load(browser, `${server.url}${screen.path}`, screen.ready, mode === 'compressed'));
      }
      const line = (loads: Load[]) =>
        `${fmt(median(loads.map((l) => l.usable)))} ms median (${loads
          .map((l) => l.usable)
          .sort((a, b) => a - b)
          .map((ms) => fmt(ms))
          .join(
            ', ',
          )}), ${fmt(median(loads.map((l) => l.bytes)) / 1024)} KB over the wire as ${[...new Set(loads.flatMap((l) => [...l.encodings]))].join(' + ')}`;
      if (IDENTITY) report.info(`${screen.name} usable, without compression`, line(figures.identity));
      const usable = median(figures.compressed.map((l) => l.usable));
      report.budget(`${screen.name} usable on the slow line`, line(figures.compressed), `≤ ${fmt(screen.budgetMs)} ms`, usable <= screen.budgetMs);
      const last = figures.compressed.at(-1)!;
      report.info(
        `${screen.name}, the last compressed load's files (KB, finished at ms)`,
        last.files
          .filter((f) => f.at <= last.usable)
          .sort((a, b) => a.at - b.at)
          .map((f) => `${f.path.split('/').pop() || f.path} ${f.kb.toFixed(1)} @${fmt(f.at)}`)
          .join(', '),
      );
    }
  } catch (err) {
    console.error(`server output:\n${server.output()}`);
    throw err;
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
  report.info('host', `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  report.summary();
  process.exitCode = report.failed.length ? 1 : 0;
}

await main();
