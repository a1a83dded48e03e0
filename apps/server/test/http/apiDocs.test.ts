import { api } from '@lucky28/shared/api';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.js';

describe('OpenAPI document at /api/docs', () => {
  it('describes every API route with its declared input, generated from the route schemas', async () => {
    const app = await createTestApp({ config: { apiDocs: true } });
    const res = await app.inject({ method: 'GET', url: api.docs.openApi.path });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toMatch(/^3\./);

    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const declared = app.apiRoutes
      .filter((r) => r.url.startsWith('/api/') && r.url !== api.docs.openApi.path)
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(declared.length).toBeGreaterThan(40);
    expect(documented.sort()).toEqual(expect.arrayContaining(declared.sort()));

    // The login call's body is described from its zod schema: bounded account and password.
    const login = doc.paths[api.user.login.path]!.post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.properties.account.maxLength).toBeGreaterThan(0);
    expect(body.required).toEqual(expect.arrayContaining(['account', 'password']));
  });

  it('is not served when API docs are off (production)', async () => {
    const app = await createTestApp({ config: { apiDocs: false } });
    const res = await app.inject({ method: 'GET', url: api.docs.openApi.path });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 0 });
  });

  it('when off, answers exactly as an unknown path does (before the input is read), though the route exists for the contract', async () => {
    const app = await createTestApp({ config: { apiDocs: false } });
    expect(app.apiRoutes.some((r) => r.method === 'GET' && r.url === api.docs.openApi.path)).toBe(true);
    for (const query of ['', '?lang=en', '?x=%00&x=1']) {
      const docs = await app.inject({ method: 'GET', url: `/api/docs${query}`, headers: { 'accept-language': 'vi' } });
      const unknown = await app.inject({ method: 'GET', url: `/api/no-such-call${query}`, headers: { 'accept-language': 'vi' } });
      expect(docs.statusCode).toBe(unknown.statusCode);
      const { time: _a, ...body } = docs.json();
      const { time: _b, ...expected } = unknown.json();
      expect(body).toEqual(expected);
      expect(docs.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(docs.headers['cache-control']).toBe(unknown.headers['cache-control']);
    }
  });
});
