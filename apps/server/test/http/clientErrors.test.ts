import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.js';

/** What Node's own HTTP parser refuses, before Fastify sees the request, over a real socket. */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers an over-long URL or header in the envelope, not an empty 431', async () => {
    const app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;

    for (const res of [
      await rawGet(port, `/api/Lottery/stream?lang=${'z'.repeat(20_000)}`),
      await rawGet(port, '/healthz', { 'x-filler': 'y'.repeat(20_000) }),
    ]) {
      expect(res.status).toBe(431);
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.body)).toMatchObject({ code: 0, data: null, field: 'url' });
      expect(JSON.parse(res.body).msg).not.toMatch(/^err\./);
    }
    // The server still answers afterwards.
    expect((await rawGet(port, '/healthz')).status).toBe(200);
  });
});
