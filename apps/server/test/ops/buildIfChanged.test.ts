/**
 * `npm start` builds the player app and the console only when their sources changed
 * (scripts/build-if-changed.ts, issue 42): on a fixture repository with a builder that writes a
 * dist/index.html as Vite would (a new asset name each time), every kind of source change rebuilds the
 * apps that read it and nothing else does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, RECORD_FILE, type Builder } from '../../../../scripts/build-if-changed.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let root: string;
let builds: string[];
let failing: string | null;
let text: string;
const write = (rel: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), content);
};
const builder: Builder = async (app) => {
  builds.push(app.dir);
  if (app.dir === failing) return { ok: false, output: 'error during build: src/main.tsx (1:1) Unexpected token\n' };
  write(`${app.dir}/dist/index.html`, `<script src="/assets/index-${builds.length}.js"></script>`);
  return { ok: true, output: '' };
};
/** One `npm start` build step: the apps it built, and the text it printed. */
async function start(env: NodeJS.ProcessEnv = {}) {
  builds = [];
  text = '';
  const outcome = await buildIfChanged({ root, build: builder, env, write: (t) => (text += t) });
  return { ...outcome, built: builds, text };
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  failing = null;
  for (const app of ['apps/web', 'apps/admin']) {
    write(`${app}/index.html`, '<div id="root"></div>');
    write(`${app}/vite.config.ts`, 'export default {}');
    write(`${app}/package.json`, '{}');
    write(`${app}/src/main.tsx`, 'export const a = 1;');
    write(`${app}/src/main.test.tsx`, 'it("a", () => {});');
    write(`${app}/vitest.config.ts`, 'export default {}');
    write(`${app}/node_modules/.vite/deps/cache.js`, 'cache');
  }
  write('packages/shared/src/money.ts', 'export const cents = 100;');
  write('package.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  await start();
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the build step of npm start', () => {
  it('builds both apps the first time and records each build beside its dist', async () => {
    // (the first start ran in beforeEach)
    expect(builds).toEqual(['apps/web', 'apps/admin']);
    expect(text).toMatch(/^Building the player app and the console \(not built yet\)… done in \d+\.\d s\.\n$/);
    expect(fs.existsSync(path.join(root, 'apps/web', RECORD_FILE))).toBe(true);
  });

  it('skips both when nothing changed, in one line', async () => {
    const again = await start();
    expect(again.built).toEqual([]);
    expect(again.text).toBe('The player app and the console: built from the current sources already, not rebuilt.\n');
  });

  it('rebuilds only the app whose own source changed, a new file included', async () => {
    write('apps/web/src/main.tsx', 'export const a = 2;');
    const web = await start();
    expect(web.built).toEqual(['apps/web']);
    expect(web.text).toMatch(/^Building the player app \(sources changed since the last build; the console unchanged\)… done in/);
    write('apps/admin/public/logo.svg', '<svg/>');
    expect((await start()).built).toEqual(['apps/admin']);
    expect((await start()).built).toEqual([]);
  });

  it('rebuilds both when the shared package, the lockfile or the root TypeScript configuration changed', async () => {
    write('packages/shared/src/money.ts', 'export const cents = 101;');
    expect((await start()).built).toEqual(['apps/web', 'apps/admin']);
    write('package-lock.json', '{"lockfileVersion":3,"packages":{"node_modules/vite":{"version":"8.3.9"}}}');
    expect((await start()).built).toEqual(['apps/web', 'apps/admin']);
    write('tsconfig.base.json', '{"compilerOptions":{}}');
    expect((await start()).built).toEqual(['apps/web', 'apps/admin']);
  });

  it("rebuilds when Vite's variables change (they are baked into the bundle)", async () => {
    expect((await start({ VITE_API: 'https://a.example' })).built).toEqual(['apps/web', 'apps/admin']);
    expect((await start({ VITE_API: 'https://a.example', PATH: '/elsewhere' })).built).toEqual([]);
    expect((await start({ VITE_API: 'https://a.example', NODE_ENV: 'development' })).built).toEqual(['apps/web', 'apps/admin']);
  });

  it('does not rebuild for tests, the test runner configuration or caches', async () => {
    write('apps/web/src/main.test.tsx', 'it("b", () => {});');
    write('apps/admin/vitest.config.ts', 'export default { test: {} }');
    write('apps/web/node_modules/.vite/deps/cache.js', 'other');
    expect((await start()).built).toEqual([]);
  });

  it('rebuilds an app whose dist was removed or built by something else since', async () => {
    fs.rmSync(path.join(root, 'apps/admin/dist'), { recursive: true });
    expect((await start()).built).toEqual(['apps/admin']);
    // `npm run build` of other sources (a branch switched and back): the record's dist is not this one.
    write('apps/web/dist/index.html', '<script src="/assets/index-other.js"></script>');
    expect((await start()).built).toEqual(['apps/web']);
    // A dist with no record (built by `npm run build` alone): its sources cannot be known, so it is built again.
    fs.rmSync(path.join(root, 'apps/admin', RECORD_FILE));
    const unrecorded = await start();
    expect(unrecorded.built).toEqual(['apps/admin']);
    expect(unrecorded.text).toMatch(/^Building the console \(sources changed since the last build; the player app unchanged\)/);
  });

  it('a failed build is reported with its output, records nothing and is tried again next time', async () => {
    write('apps/web/src/main.tsx', 'export const = ;');
    failing = 'apps/web';
    const failed = await start();
    expect(failed.ok).toBe(false);
    expect(failed.output).toContain('Unexpected token');
    expect(failed.text).toMatch(/^Building the player app .*… failed \(apps\/web\):\n$/);
    failing = null;
    expect((await start()).built).toEqual(['apps/web']);
  });
});

describe('the root scripts', () => {
  it('npm start goes through the build step; npm run build always builds both apps', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe('tsx scripts/build-if-changed.ts && npm run start -w apps/server');
    expect(scripts.build).toBe('npm run build -w apps/web && npm run build -w apps/admin');
  });
});
