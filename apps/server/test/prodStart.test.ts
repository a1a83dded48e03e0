/**
 * The production start (`npm run build:prod`, then `npm run start:prod`): the web apps built and the
 * server compiled ahead of time by scripts/build.mjs, which runs as plain JavaScript under node — no
 * TypeScript loader — begins a new data directory from the build's prepared database, migrates and seeds it, serves both apps, answers /readyz, and
 * stops cleanly on SIGTERM. The second start (the one a restart or an upgrade does) prints how long it
 * took; speed is not asserted here (docs/design.md#quality-bars).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './serverProcess.js';
import { templateIn } from '../src/db/pgliteTemplate.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverDir, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky28-prod-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SCHEDULER: '0',
  DEMO_PASSWORD: 'prod-demo-pass-1',
  OPERATOR_PASSWORD: 'prod-operator-pass-1',
  SHUTDOWN_DRAIN_MS: '0',
};

describe('the compiled server', () => {
  it('starts without a TypeScript loader, answers /readyz, and stops on SIGTERM', { timeout: 300_000 }, async () => {
    // The whole built tree, as `npm run build:prod` makes it: a clean clone has no apps/*/dist yet.
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'pipe' });
    const bundle = fs.readFileSync(path.join(serverDir, 'dist/server/server.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx/);
    expect(bundle).not.toMatch(/from ["']@lucky28\//); // the workspace's TypeScript is inside the bundle
    // The first start below begins from the build's prepared database (no initdb: db/pgliteTemplate.ts).
    const built = path.join(serverDir, 'dist/server');
    expect(templateIn(built, path.join(built, 'migrations'))).toBeDefined();

    for (const start of ['first (migrates and seeds)', 'second']) {
      const server = await startServerProcess(env, { entry: 'dist/server/server.js', typescript: false });
      try {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready' });
        const login = await fetch(`${server.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: 'demo', password: 'prod-demo-pass-1', lang: 'en' }),
        });
        expect(((await login.json()) as { code: number }).code).toBe(1);
        // Both apps are served from the built tree (the bundle finds the repository root from dist/).
        for (const screen of ['/', '/admin/']) {
          const page = await fetch(`${server.url}${screen}`);
          expect(page.status, screen).toBe(200);
          expect(await page.text(), screen).toMatch(/<div id="root">/);
        }
        expect(server.output()).toContain(`Operator console: http://localhost:`);
        console.log(`compiled server, ${start} start: ${/Started in (\S+ s)/.exec(server.output())?.[1]}`);
      } finally {
        await server.stop('SIGTERM');
      }
      expect(server.child.exitCode, server.output()).toBe(0);
    }
  });
});
