/**
 * The log at the default level (info): polls are counted, not logged one by one — a guest's heart
 * poll, whether the HTTP server's shortcut or Fastify answers it, writes no line of its own, and a
 * `polls answered` line gives their count — while other calls are still logged per request; every
 * line names the node (NODE_NAME).
 */
import { api } from '@lucky28/shared/api';
import http from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { callApi } from '../helpers.js';
import { createGameApp } from '../game/kit.js';

const lines: Record<string, any>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
    done();
  },
});
const { app } = await createGameApp({ logStream, config: { logLevel: 'info', nodeName: 'node-under-test' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

/** A guest's heart poll over HTTP, as a browser sends it. */
function poll(): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = '{"lang":"en"}';
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: api.lottery.heart.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('logs at the default level', () => {
  it('is info when LOG_LEVEL is unset, and NODE_NAME names the node (the host name by default)', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ NODE_NAME: 'web-2' }).nodeName).toBe('web-2');
    expect(loadConfig({}).nodeName.length).toBeGreaterThan(0);
  });

  it('counts guests’ heart polls instead of a line each, and still logs other calls', async () => {
    app.writePollSummary(); // start counting from here
    const before = lines.length;
    for (let i = 0; i < 5; i++) expect(await poll()).toBe(200); // answered by the shortcut, before Fastify
    for (let i = 0; i < 3; i++) expect((await callApi(app, api.lottery.heart, {})).code).toBe(1); // answered by Fastify
    const odds = await app.inject({ method: 'POST', url: api.lottery.oddsList.path, payload: { lang: 'en' } });

    const written = lines.slice(before);
    expect(written.filter((l) => String(l.req?.url ?? '').includes(api.lottery.heart.path))).toEqual([]);
    expect(written.filter((l) => l.msg === 'request completed').length).toBe(1);
    const oddsLines = written.filter((l) => l.reqId === odds.headers['x-request-id']);
    expect(oddsLines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

    app.writePollSummary();
    const summaries = lines.slice(before).filter((l) => l.msg === 'polls answered');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ level: 30, polls: { [api.lottery.heart.path]: 3 }, heartFromMemory: 5, total: 8 });
  });

  it('writes no summary when nothing was polled', () => {
    app.writePollSummary();
    const before = lines.length;
    app.writePollSummary();
    expect(lines.slice(before)).toEqual([]);
  });

  it('names the node in every line', () => {
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const l of lines) expect(l.node, JSON.stringify(l)).toBe('node-under-test');
  });
});
