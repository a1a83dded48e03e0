/**
 * Guests' heart polls answered in front of Fastify (http/heartShortcut.ts), over a real socket: the
 * same bytes and headers as the route, and everything unusual left to the route.
 */
import { api } from '@lucky28/shared/api';
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGameApp } from '../game/kit.js';
import { registerUser } from '../helpers.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** POSTs `body` as it is given (a string is sent unchanged), over its own connection. */
function post(port: number, body: string, headers: Record<string, string> = {}, opts: { chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: api.lottery.heart.path,
        agent: false,
        headers: { 'content-type': 'application/json', ...(opts.chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    if (opts.chunked) {
      req.write(body.slice(0, 5));
      req.end(body.slice(5));
    } else req.end(body);
  });
}

/** The answer without what differs per request or second: the envelope's time, the date and request id. */
function comparable(answer: Answer) {
  const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
  const { time: _time, ...envelope } = JSON.parse(answer.body) as Record<string, unknown>;
  return { status: answer.status, headers, envelope };
}

let app: FastifyInstance;
let port: number;
let plan: number;

beforeAll(async () => {
  ({ app } = await createGameApp());
  plan = [...app.game.snapshot.rooms.values()].find((r) => r.gameId === 7)!.id;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

/** Polls once through the shortcut and once through the route; says which one answered each. */
async function bothWays(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const json = JSON.stringify(body);
  const before = app.heartShortcut.served;
  const shortcut = await post(port, json, headers);
  const served = app.heartShortcut.served - before;
  // `;charset=utf-8` without a space: still JSON to Fastify, but not a form the shortcut takes.
  const route = await post(port, json, { ...headers, 'content-type': 'application/json;charset=utf-8' });
  expect(app.heartShortcut.served - before, 'the route answered the second').toBe(served);
  return { shortcut, route, served };
}

describe('guest heart polls before Fastify', () => {
  it("answers home, a game and a room with the route's own bytes and headers", async () => {
    for (const body of [{ lang: 'en' }, { game_id: 7, lang: 'vi' }, { plan_id: plan, game_id: 7, lang: 'zh' }, { plan_id: plan }, { plan_id: 0, game_id: 0 }]) {
      const { shortcut, route, served } = await bothWays(body);
      expect(served, JSON.stringify(body)).toBe(1);
      expect(comparable(shortcut)).toEqual(comparable(route));
      expect(shortcut.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(shortcut.headers['x-request-id']).not.toBe(route.headers['x-request-id']);
    }
    const room = JSON.parse((await post(port, JSON.stringify({ plan_id: plan, lang: 'en' }))).body);
    expect(room).toMatchObject({ code: 1, msg: 'Success' });
    expect(room.data.issue.issue).toMatch(/^\d+$/);
  });

  it("reads the language as the route does: the body's lang, else Accept-Language", async () => {
    const { shortcut, route, served } = await bothWays({ plan_id: 999_999 }, { 'accept-language': 'vi-VN,vi;q=0.9' });
    expect(served).toBe(0);
    expect(JSON.parse(shortcut.body)).toMatchObject({ code: 0, msg: 'Không tìm thấy phòng', field: 'plan_id' });
    expect(comparable(shortcut)).toEqual(comparable(route));
    const home = await bothWays({}, { 'accept-language': 'en-GB' });
    expect(home.served).toBe(1);
    expect(JSON.parse(home.shortcut.body).msg).toBe('Success');
    expect(comparable(home.shortcut)).toEqual(comparable(home.route));
  });

  it("echoes a caller's sane request id, and adds HSTS only when a trusted proxy says https", async () => {
    const { shortcut, served } = await bothWays({ lang: 'en' }, { 'x-request-id': 'lb-1234', 'x-forwarded-proto': 'https' });
    expect(served).toBe(1);
    expect(shortcut.headers['x-request-id']).toBe('lb-1234');
    // This app does not trust a proxy (TRUST_PROXY unset): a client's own X-Forwarded-Proto counts for nothing.
    expect(shortcut.headers['strict-transport-security']).toBeUndefined();

    const { app: behindProxy } = await createGameApp({ config: { trustProxy: true } });
    await behindProxy.listen({ port: 0, host: '127.0.0.1' });
    const proxied = (behindProxy.server.address() as { port: number }).port;
    const before = behindProxy.heartShortcut.served;
    const https = await post(proxied, '{"lang":"en"}', { 'x-forwarded-proto': 'http, https' });
    const plain = await post(proxied, '{"lang":"en"}', { 'x-forwarded-proto': 'http' });
    expect(behindProxy.heartShortcut.served - before).toBe(2);
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // The route decides the same way.
    const routeHttps = await post(proxied, '{"lang":"en"}', { 'x-forwarded-proto': 'http, https', 'content-type': 'application/json;charset=utf-8' });
    expect(routeHttps.headers['strict-transport-security']).toBe(https.headers['strict-transport-security']);
    expect(behindProxy.heartShortcut.served - before).toBe(2);
  });

  it('hands every unusual poll to the route, which answers it as always', async () => {
    // Refusals answer HTTP 200 with code 0 (the envelope, docs/design.md#the-api-contract); what Fastify cannot parse, 400.
    const cases: { name: string; body: string; headers?: Record<string, string>; chunked?: boolean; status: number; code: number }[] = [
      { name: 'ids as strings', body: `{"plan_id":"${plan}","lang":"en"}`, status: 200, code: 1 },
      { name: 'empty ids', body: '{"plan_id":"","game_id":"","lang":"en"}', status: 200, code: 1 },
      { name: 'a negative id', body: '{"plan_id":-1,"lang":"en"}', status: 200, code: 0 },
      { name: 'a fractional id', body: '{"game_id":7.5,"lang":"en"}', status: 200, code: 0 },
      { name: 'an unknown game', body: '{"game_id":3,"lang":"en"}', status: 200, code: 0 },
      { name: 'another key', body: '{"lang":"en","extra":1}', status: 200, code: 1 },
      { name: 'a prototype key', body: '{"lang":"en","__proto__":{"x":1}}', status: 400, code: 0 },
      { name: 'lang not a string', body: '{"lang":7}', status: 200, code: 1 },
      { name: 'broken JSON', body: '{"lang":', status: 400, code: 0 },
      { name: 'not an object', body: '[1]', status: 200, code: 0 },
      { name: 'a chunked body', body: '{"lang":"en"}', chunked: true, status: 200, code: 1 },
      { name: 'a large body', body: `{"lang":"en"${' '.repeat(400)}}`, status: 200, code: 1 },
      { name: 'a form body', body: 'lang=en', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 200, code: 1 },
      { name: 'a session', body: '{"lang":"en"}', headers: { token: 'not-a-session' }, status: 200, code: 1 },
    ];
    for (const c of cases) {
      const before = app.heartShortcut.served;
      const res = await post(port, c.body, c.headers, { chunked: c.chunked });
      expect(app.heartShortcut.served - before, c.name).toBe(0);
      const envelope = JSON.parse(res.body);
      expect({ name: c.name, status: res.status, code: envelope.code }).toEqual({ name: c.name, status: c.status, code: c.code });
      // The route's answer headers, from its hooks.
      expect(res.headers['cache-control'], c.name).toBe('no-store');
      expect(res.headers['x-request-id'], c.name).toMatch(/^[0-9a-f-]{36}$/);
      // The same body through inject (Fastify alone, no HTTP server): the same answer.
      const injected = await app.inject({
        method: 'POST',
        url: api.lottery.heart.path,
        headers: { 'content-type': 'application/json', ...c.headers },
        payload: c.body,
      });
      const { time: _a, ...got } = envelope;
      const { time: _b, ...expected } = injected.json();
      expect(got, c.name).toEqual(expected);
      expect(res.status, c.name).toBe(injected.statusCode);
    }
  });

  it("serves a browser's own-origin poll, and leaves one from another origin (an operator's line, API_LINES) to the route and its CORS", async () => {
    const before = app.heartShortcut.served;
    await post(port, '{"lang":"en"}', { origin: `http://127.0.0.1:${port}` });
    expect(app.heartShortcut.served - before).toBe(1);
    const other = await post(port, '{"lang":"en"}', { origin: 'https://line2.example.com' });
    expect(app.heartShortcut.served - before).toBe(1);
    expect(JSON.parse(other.body).code).toBe(1);
  });

  it('survives a poll cut off in the middle of its body', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST /api/Lottery/heart HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 40\r\n\r\n{"lang"');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
    });
    const res = await post(port, '{"lang":"en"}');
    expect(JSON.parse(res.body)).toMatchObject({ code: 1, msg: 'Success' });
  });

  it("leaves a signed-in viewer's poll to the route: their balance is in the answer", async () => {
    const user = await registerUser(app);
    const before = app.heartShortcut.served;
    const res = JSON.parse((await post(port, JSON.stringify({ plan_id: plan, lang: 'en' }), { token: user.token })).body);
    expect(app.heartShortcut.served - before).toBe(0);
    expect(res.data.user_quantity).toBe('0.00');
    const guest = JSON.parse((await post(port, JSON.stringify({ plan_id: plan, lang: 'en' }))).body);
    expect(guest.data.user_quantity).toBeNull();
  });
});

describe('with every request logged (LOG_LEVEL debug)', () => {
  it('leaves the polls to Fastify, which logs each', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app: logged } = await createGameApp({ logStream, config: { logLevel: 'debug' } });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    const res = await post((logged.server.address() as { port: number }).port, '{"lang":"en"}', { 'x-request-id': 'logged-poll-1' });
    expect(res.status).toBe(200);
    expect(logged.heartShortcut.served).toBe(0);
    const mine = lines.filter((l) => l.includes('logged-poll-1'));
    expect(mine.some((l) => l.includes('incoming request'))).toBe(true);
    expect(mine.some((l) => l.includes('request completed'))).toBe(true);
  });
});
