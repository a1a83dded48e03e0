/**
 * `npm start`'s build step: the player app and the console are built only when what their build
 * reads changed since the build in their `dist/`, and the step prints one line either way (the
 * build's own output only when it fails). `npm run build` (CI, e2e, `build:prod`) always builds.
 *
 * What counts as an app's sources: its whole folder but `node_modules/`, `dist/` and test output
 * (its `src/`, `index.html`, `public/`, `build/`, `vite.config.ts`, `package.json`, `tsconfig.json`,
 * `.env*` files); `packages/shared/` (every app bundles it from source); the root `package.json`,
 * `package-lock.json` (the versions of Vite and of every bundled package) and `tsconfig.base.json`;
 * and the `NODE_ENV` and `VITE_*` variables, which Vite bakes into a bundle. Test files and the test
 * runner's configuration are not read by a build and do not count.
 *
 * The record (`<app>/.dist-sources.json`, beside `dist/`) holds the sources' SHA-256 and that of the
 * `dist/index.html` built from them: an app is rebuilt when either differs, so a `dist/` built by
 * anything else since (`npm run build` on other sources, a branch switched) is never taken for current.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface AppBuild {
  /** The app's folder, relative to the repository. */
  dir: string;
  label: string;
}

export const APPS: readonly AppBuild[] = [
  { dir: 'apps/web', label: 'the player app' },
  { dir: 'apps/admin', label: 'the console' },
];

/** Read by every app's build besides its own folder. */
export const COMMON_SOURCES = [
  'packages/shared',
  'scripts/precompress.ts',
  'scripts/preloadChunks.ts',
  'scripts/firstScreenChunk.ts',
  'scripts/trialBuild.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
export const RECORD_FILE = '.dist-sources.json';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report', '.vite']);
const isTestOnly = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name) || /^vitest\.config\.[cm]?[jt]s$/.test(name) || name === RECORD_FILE;

/** The files under `rel` (a file or a folder), relative to `root`, sorted; none when it does not exist. */
function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return isTestOnly(path.basename(rel)) ? [] : [rel];
  if (!stat.isDirectory()) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    out.push(...filesUnder(root, path.posix.join(rel, entry.name)));
  }
  return out;
}

/** The SHA-256 of everything the app's build reads: each file's path and content, then the build's variables. */
export function sourcesHash(root: string, app: AppBuild, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const file of [app.dir, ...COMMON_SOURCES].flatMap((rel) => filesUnder(root, rel))) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const key of Object.keys(env).sort()) {
    if (key === 'NODE_ENV' || key.startsWith('VITE_')) hash.update(`${key}=${env[key]}\0`);
  }
  return hash.digest('hex');
}

interface BuildRecord {
  sources: string;
  index: string;
}

const indexHash = (root: string, app: AppBuild): string | null => {
  const file = path.join(root, app.dir, 'dist', 'index.html');
  return fs.existsSync(file) ? createHash('sha256').update(fs.readFileSync(file)).digest('hex') : null;
};

const recordPath = (root: string, app: AppBuild) => path.join(root, app.dir, RECORD_FILE);

/**
 * Whether the app's `dist/` is the build of exactly these sources: 'never' when there is no `dist/`,
 * 'changed' when it is not this build (or was made by something that kept no record, which cannot be known).
 */
export function buildState(root: string, app: AppBuild, sources: string): 'current' | 'changed' | 'never' {
  const index = indexHash(root, app);
  if (index === null) return 'never';
  let record: Partial<BuildRecord>;
  try {
    record = JSON.parse(fs.readFileSync(recordPath(root, app), 'utf8')) as Partial<BuildRecord>;
  } catch {
    return 'changed';
  }
  return record.sources === sources && record.index === index ? 'current' : 'changed';
}

function writeRecord(root: string, app: AppBuild, sources: string): void {
  const index = indexHash(root, app);
  if (index === null) throw new Error(`${app.dir}: the build left no dist/index.html`);
  fs.writeFileSync(recordPath(root, app), `${JSON.stringify({ sources, index } satisfies BuildRecord)}\n`);
}

export type Builder = (app: AppBuild) => Promise<{ ok: boolean; output: string }>;

/** `npm run build -w <app>`, its output kept (shown only if it fails). */
export const npmBuild =
  (root: string): Builder =>
  (app) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', 'build', '-w', app.dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', (err) => resolve({ ok: false, output: `${output}${err.message}\n` }));
      child.on('close', (code) => resolve({ ok: code === 0, output }));
    });

const joined = (labels: string[]) => (labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface BuildOutcome {
  ok: boolean;
  built: string[];
  skipped: string[];
  /** The failed build's own output, when one failed. */
  output?: string;
}

/**
 * Builds the apps whose sources changed and records each build. What it prints (through `write`) is one
 * line: that nothing needed building, or what is being built and why, completed with the time it took.
 */
export async function buildIfChanged(opts: {
  root: string;
  apps?: readonly AppBuild[];
  build: Builder;
  write: (text: string) => void;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}): Promise<BuildOutcome> {
  const { root, apps = APPS, build, write, env = process.env, now = () => performance.now() } = opts;
  const pending = apps
    .map((app) => {
      const sources = sourcesHash(root, app, env);
      return { app, sources, state: buildState(root, app, sources) };
    })
    .filter((p) => p.state !== 'current');
  const skipped = apps.filter((app) => !pending.some((p) => p.app === app));
  if (pending.length === 0) {
    write(`${capital(joined(apps.map((a) => a.label)))}: built from the current sources already, not rebuilt.\n`);
    return { ok: true, built: [], skipped: skipped.map((a) => a.dir) };
  }
  const unchanged = skipped.length ? `; ${joined(skipped.map((a) => a.label))} unchanged` : '';
  const why = pending.every((p) => p.state === 'never') ? 'not built yet' : 'sources changed since the last build';
  write(`Building ${joined(pending.map((p) => p.app.label))} (${why}${unchanged})… `);
  const started = now();
  const built: string[] = [];
  for (const { app, sources } of pending) {
    const result = await build(app);
    if (!result.ok) {
      write(`failed (${app.dir}):\n`);
      return { ok: false, built, skipped: skipped.map((a) => a.dir), output: result.output };
    }
    writeRecord(root, app, sources);
    built.push(app.dir);
  }
  write(`done in ${((now() - started) / 1000).toFixed(1)} s.\n`);
  return { ok: true, built, skipped: skipped.map((a) => a.dir) };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const outcome = await buildIfChanged({ root, build: npmBuild(root), write: (text) => process.stdout.write(text) });
  if (!outcome.ok) {
    process.stderr.write(outcome.output ?? '');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
