/**
 * Brotli and gzip copies of a front-end build's text files, written next to them at build time
 * (`app.js` → `app.js.br`, `app.js.gz`), so the server sends the smaller file a browser accepts
 * without compressing anything per request (apps/server/src/plugins/staticApps.ts, `preCompressed`).
 * On a 400 kbps line the console's sign-in went from 40 s to a few (docs/benchmarks.md).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { isTrialBuild } from './trialBuild.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: text. Images and fonts are compressed already; source maps are for developers. */
export const COMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` (each kept only when smaller); answers how many files. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotli: number; gzip: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSED_EXTENSIONS.has(path.extname(f)));
  const total = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
      total.files++;
      total.bytes += bytes.length;
      total.brotli += Math.min(br.length, bytes.length);
      total.gzip += Math.min(gz.length, bytes.length);
    }),
  );
  return total;
}

/** The Vite plugin: after a production build has written its files, their compressed copies. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'precompress',
    // Not in firstScreenChunk's trial build, which writes nothing.
    apply: (_config: unknown, env: { command: string }) => env.command === 'build' && !isTrialBuild(),
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} kB`;
      console.log(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
    },
  };
}
