/** The operator's lines (API_LINES, /changeline): listed to the app, allowed to call across origins, nobody else. */
import { api } from '@lucky28/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, callApi } from '../helpers.js';

const LINE = 'https://line2.example.com';
const app = await createTestApp({ config: { apiLines: ['https://line1.example.com', LINE] } });
const single = await createTestApp();
afterAll(async () => {
  await app.close();
  await single.close();
});

describe('lines', () => {
  it('reads API_LINES as origins, once each; refuses anything but http(s) URLs', () => {
    expect(loadConfig({ API_LINES: ' https://a.example/api/ , http://b.example:8080,https://a.example/x ' }).apiLines).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(loadConfig({}).apiLines).toEqual([]);
    expect(() => loadConfig({ API_LINES: 'ftp://a.example' })).toThrow(/API_LINES/);
  });

  it('lists the lines in siteConfig; none configured lists none (the app then shows its own address only)', async () => {
    expect((await callApi(app, api.settings.siteConfigPost, {})).data.lines).toEqual(['https://line1.example.com', LINE]);
    expect((await callApi(single, api.settings.siteConfigPost, {})).data.lines).toEqual([]);
  });

  it('answers a configured line’s preflight and calls with CORS headers, and nobody else’s', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: api.lottery.heart.path,
      headers: { origin: LINE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, token' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(LINE);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('token');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');

    const poll = await app.inject({ method: 'POST', url: api.lottery.heart.path, payload: {}, headers: { origin: LINE } });
    expect(poll.statusCode).toBe(200);
    expect(poll.headers['access-control-allow-origin']).toBe(LINE);
    expect(String(poll.headers.vary)).toContain('Origin');

    const stranger = await app.inject({ method: 'POST', url: api.lottery.heart.path, payload: {}, headers: { origin: 'https://evil.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const strangerPreflight = await app.inject({
      method: 'OPTIONS',
      url: api.lottery.heart.path,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(strangerPreflight.statusCode).not.toBe(204);

    // One line only: no cross-origin access at all.
    const alone = await single.inject({ method: 'POST', url: api.lottery.heart.path, payload: {}, headers: { origin: LINE } });
    expect(alone.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the pages call the lines and load their pictures (Content-Security-Policy connect-src, img-src) and only them', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' https://line1.example.com ${LINE}`);
    // A line is this same site at another address: its pictures (a campaign's banner may name one) load too.
    expect(csp).toContain(`img-src 'self' https://line1.example.com ${LINE} data: blob:`);
    const plain = String((await single.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(plain).toContain("connect-src 'self';");
    expect(plain).toContain("img-src 'self' data: blob:;");
  });
});
