import { api } from '@lucky28/shared/api';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { TEST_OPERATOR_KEY, createTestApp, openTestDatabase, callApi } from '../helpers.js';

const NO_DIST = '/nonexistent/lucky28-test-dist';

/** The server's log lines (JSON) written while the app runs. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

describe('request logger (made on first use)', () => {
  it('at info, every request line carries the request id the answer names', async () => {
    const sink = logSink();
    const app = await createTestApp({ logStream: sink.stream, config: { logLevel: 'info' } });
    const res = await app.inject({ method: 'POST', url: api.lottery.oddsList.path, payload: { lang: 'en' } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[\w-]+$/);
    const mine = sink.lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });

  it('at warn, a request logs nothing, and an unexpected failure still logs its error with the request id', async () => {
    const sink = logSink();
    const config = { ...loadConfig({}), scheduler: false, operatorSecretKey: TEST_OPERATOR_KEY, logLevel: 'warn', webDist: NO_DIST, adminDist: NO_DIST };
    const app = await buildApp({ config, database: await openTestDatabase(), logStream: sink.stream });
    afterAll(() => app.close());
    app.post('/api/test/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();
    await callApi(app, api.lottery.heart, {});
    expect(sink.lines).toEqual([]);
    const res = await app.inject({ method: 'POST', url: '/api/test/boom', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(sink.lines).toHaveLength(1);
    expect(sink.lines[0]).toMatchObject({ level: 50, msg: 'unexpected failure', reqId: res.headers['x-request-id'], err: { message: 'boom' } });
  });
});
