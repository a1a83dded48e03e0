/**
 * The built apps over a real socket: a missing file under the player app (/) or the console
 * (/admin/) answers the server's 404 envelope, never the app's index.html; deep links to screens
 * still get index.html; files that exist are served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.js';

function fakeDist(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lucky28-${name}-`));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title><script type="module" src="assets/app-abc123.js"></script>`);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify(name)})`);
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{}');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const app = await createTestApp({ config: { webDist: fakeDist('web'), adminDist: fakeDist('admin') } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const get = (url: string, lang = 'en') => fetch(`${base}${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);

describe('static apps', () => {
  it("answers a missing script, style, image or source map with the 404 envelope, in the caller's language", async () => {
    const missing = [
      '/assets/app-old999.js',
      '/assets/index-old999.css',
      '/assets/deep/chunk.js',
      '/assets/no-extension',
      '/favicon.ico',
      '/sw.js',
      '/some/screen/logo.png',
      '/admin/assets/console-old999.js',
      '/admin/assets/app-abc123.js.map',
      '/admin/robots.txt',
    ];
    for (const url of missing) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
      expect(await res.json(), url).toMatchObject({ code: 0, msg: 'Not found', data: null });
    }
    const zh = await get('/assets/gone.js', 'zh');
    expect(((await zh.json()) as { msg: string }).msg).toBe('请求的内容不存在');
  });

  it('still answers deep links to screens with the app, and serves the files that exist', async () => {
    for (const [url, title] of [
      ['/', 'web'],
      ['/personal', 'web'],
      ['/aticleDetail?id=3', 'web'],
      ['/betRoom', 'web'],
      ['/admin/', 'admin'],
      ['/admin/deposits/12', 'admin'],
      ['/admin', 'admin'],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toContain('text/html');
      expect(await res.text(), url).toContain(`<title>${title}</title>`);
    }
    const script = await get('/assets/app-abc123.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toBe('console.log("web")');
    const consoleScript = await get('/admin/assets/app-abc123.js');
    expect(await consoleScript.text()).toBe('console.log("admin")');
  });

  it('lets browsers keep a hashed asset for a year, another file an hour, and revalidate the app page every time', async () => {
    for (const url of ['/assets/app-abc123.js', '/admin/assets/app-abc123.js']) {
      expect((await get(url)).headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/admin/', '/personal', '/admin/deposits/12']) {
      expect((await get(url)).headers.get('cache-control'), url).toBe('no-cache');
    }
    for (const url of ['/manifest.webmanifest', '/admin/manifest.webmanifest']) {
      expect((await get(url)).headers.get('cache-control'), url).toBe('public, max-age=3600');
    }
  });
});
