import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, callApi } from './helpers.js';

const app = await createTestApp();

describe('server base', () => {
  it('answers health and readiness', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    // Only the status: nothing about what runs behind it (the database kind, versions).
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('gives every response a request id and keeps API answers out of caches', async () => {
    const res = await app.inject({ method: 'POST', url: api.user.login.path, payload: {} });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a localised 404 envelope', async () => {
    const res = await call(app, '/api/nothing/here', {}, { lang: 'zh' });
    expect(res.status).toBe(404);
    expect(res.code).toBe(0);
    expect(res.msg).toBe('请求的内容不存在');
  });

  it('turns a malformed body into a localised 400, never a stack trace', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login?lang=en', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 0, msg: 'Invalid request' });
    expect(res.body).not.toMatch(/at \w+ \(/);
  });

  it('accepts form bodies and query strings as well as JSON', async () => {
    const form = await app.inject({
      method: 'POST',
      url: api.user.login.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=en&account=someone',
    });
    expect(form.json().msg).toBe('Please enter password');
    const query = await app.inject({ method: 'POST', url: '/api/user/login?lang=vi&account=someone' });
    expect(query.json().msg).toBe('Vui lòng nhập mật khẩu');
  });

  it('serves banners and news from the seeded content', async () => {
    const banners = await callApi(app, api.content.index, {});
    expect(banners.code).toBe(1);
    expect(Array.isArray(banners.data.banner)).toBe(true);
    const bad = await call(app, '/api/index/articleView', { id: 'abc' });
    expect(bad.code).toBe(0);
    expect(bad.msg).toBe('Not found');
  });
});
