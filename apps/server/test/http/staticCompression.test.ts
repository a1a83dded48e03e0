/**
 * The built apps' compressed copies (written at build time by scripts/precompress.ts): a browser that
 * accepts brotli gets the .br file, one that accepts only gzip the .gz, one that accepts neither the
 * file itself — each with its type, its cache rule and `Vary: Accept-Encoding`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.js';
import { createTestApp } from '../helpers.js';

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const page = (name: string) => `<!doctype html><title>${name}</title>${'<meta name="x" content="padding the page past a kilobyte">'.repeat(30)}`;

async function builtDist(name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lucky28-${name}-`));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), page(name));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  await precompressDir(dir);
  return dir;
}

const webDist = await builtDist('web');
const app = await createTestApp({ config: { webDist, adminDist: await builtDist('admin') } });

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const decoded = (res: Awaited<ReturnType<typeof get>>) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};

describe('compressed static files', () => {
  it('writes a smaller brotli and gzip copy of each text file past a kilobyte, none of a smaller one', () => {
    const size = (f: string) => fs.statSync(path.join(webDist, f)).size;
    expect(size('assets/app-abc123.js.br')).toBeLessThan(size('assets/app-abc123.js.gz'));
    expect(size('assets/app-abc123.js.gz')).toBeLessThan(size('assets/app-abc123.js') / 4);
    expect(fs.existsSync(path.join(webDist, 'assets/tiny-abc123.js.br'))).toBe(false);
  });

  it('sends brotli when accepted, gzip when only gzip is, the file itself otherwise', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      for (const url of ['/assets/app-abc123.js', '/admin/assets/app-abc123.js']) {
        const res = await get(url, accept);
        const what = `${url} with ${accept ?? 'no Accept-Encoding'}`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(encoding);
        expect(res.headers['content-type'], what).toContain('javascript');
        expect(res.headers.vary, what).toContain('accept-encoding');
        expect(res.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
        expect(decoded(res), what).toBe(script);
        if (encoding) expect(res.rawPayload.length, what).toBeLessThan(script.length / 4);
      }
    }
  });

  it('sends the app page compressed too, at its address and on a deep link, and still revalidated every time', async () => {
    for (const [url, name] of [
      ['/', 'web'],
      ['/personal', 'web'],
      ['/admin/', 'admin'],
      ['/admin/deposits/12', 'admin'],
    ] as const) {
      const res = await get(url, 'gzip, br');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(page(name));
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(page(name));
    }
  });

  it('sends a small file without a copy as it is, whatever is accepted', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });
});

describe('compressed static files and caches', () => {
  it('gives each encoding its own ETag, and answers 304 to a browser that holds the same encoding', async () => {
    const url = '/assets/app-abc123.js';
    const [br, gz, plain] = await Promise.all([get(url, 'br'), get(url, 'gzip'), get(url, 'identity')]);
    const tags = [br, gz, plain].map((res) => res.headers.etag);
    for (const tag of tags) expect(tag).toBeTruthy();
    // A cache keyed by URL and ETag alone must never hand brotli bytes to a browser that asked for gzip.
    expect(new Set(tags).size).toBe(3);
    const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });
});
