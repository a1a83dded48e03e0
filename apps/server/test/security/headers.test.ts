/**
 * Security headers on every static app's HTML (the player app and the operator
 * console, deep links and all) and on the API; HSTS only when a trusted proxy says https; rate-limit
 * refusals (429) in the request's `lang`, wherever the lang travels.
 */
import { api } from '@lucky28/shared/api';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../helpers.js';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** Two tiny built apps in a temporary directory, as `npm run build` leaves them. */
function fakeDist(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lucky28-${name}-`));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title><script type="module" src="/assets/app.js"></script>`);
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const webDist = fakeDist('web');
const adminDist = fakeDist('admin');
const app = await createTestApp({ config: { webDist, adminDist } });
const proxied = await createTestApp({ config: { webDist, adminDist, trustProxy: true } });

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['content-security-policy'], what).toBe(CSP);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

const get = (a: FastifyInstance, url: string, headers: Record<string, string> = {}) => a.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('every static app page, deep link and asset carries the policy', async () => {
    for (const url of ['/', '/index.html', '/betRoom?id=1', '/personal', '/admin/', '/admin/deposits/12', '/assets/app.js']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
    }
    expect((await get(app, '/admin/')).body).toContain('<title>admin</title>');
    expect((await get(app, '/personal')).body).toContain('<title>web</title>');
  });

  it('API answers and 404s carry it too', async () => {
    expectSecurityHeaders((await app.inject({ method: 'POST', url: api.user.login.path, payload: {} })).headers, 'api');
    expectSecurityHeaders((await app.inject({ method: 'POST', url: '/api/no/such/call' })).headers, '404');
    expectSecurityHeaders((await get(app, '/healthz')).headers, 'healthz');
  });

  it('sends HSTS only when a trusted proxy says the client came over https', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect((await get(proxied, '/', https)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await proxied.inject({ method: 'POST', url: api.user.login.path, headers: https })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await get(proxied, '/', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    expect((await get(proxied, '/')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is a client's claim, not evidence.
    expect((await get(app, '/', https)).headers['strict-transport-security']).toBeUndefined();
  });
});

const limited = await createTestApp({
  rateLimits: { login: { max: 1, timeWindow: '1 minute' }, register: false, secret: false, upload: false, bet: false },
});

describe('rate-limit refusals speak the request language', () => {
  const login = (opts: { body?: Record<string, unknown>; url?: string; headers?: Record<string, string>; ip: string }) =>
    limited.inject({
      method: 'POST',
      url: opts.url ?? api.user.login.path,
      payload: { account: 'someone', password: 'whatever-pass', ...opts.body },
      headers: opts.headers,
      remoteAddress: opts.ip,
    });

  it('lang in the JSON body, the query string, a form body, Accept-Language, or none (tw)', async () => {
    const cases: [Parameters<typeof login>[0], string][] = [
      [{ body: { lang: 'vi' }, ip: '10.1.0.1' }, 'Thao tác quá nhanh, vui lòng thử lại sau'],
      [{ body: { lang: 'en' }, ip: '10.1.0.2' }, 'Too many requests, please slow down and try again shortly'],
      [{ url: '/api/user/login?lang=zh', ip: '10.1.0.3' }, '操作过于频繁，请稍后再试'],
      [{ headers: { 'accept-language': 'en-US,en;q=0.9' }, ip: '10.1.0.4' }, 'Too many requests, please slow down and try again shortly'],
      [{ ip: '10.1.0.5' }, '操作過於頻繁，請稍後再試'],
    ];
    for (const [opts, msg] of cases) {
      await login(opts);
      const res = await login(opts);
      expect(res.statusCode, msg).toBe(429);
      expect(res.json(), msg).toMatchObject({ code: 0, msg, data: null });
    }
    const form = () =>
      limited.inject({
        method: 'POST',
        url: api.user.login.path,
        payload: 'lang=vi&account=someone&password=whatever-pass',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '10.1.0.6',
      });
    await form();
    expect((await form()).json().msg).toBe('Thao tác quá nhanh, vui lòng thử lại sau');
  });
});
